import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No unused key (issue 26): every message of the English catalogue is named somewhere in app/,
 * components/, lib/ or i18n/ (tests do not count). A key counts as named when it is written in quotes
 * whole (`"live.row.saved"`), without its namespace (`useT("live")("row.saved")`), or by its last
 * parts (`"row.saved"` inside a part a component reads).
 */
const SOURCE_DIRS = ["app", "components", "lib", "i18n"];

/**
 * Keys built at run time from a value: each prefix below is completed by a template literal
 * (`t(\`plans.status.${status}\`)`, `t(\`admin.roles.${role}\`)`), one key per value of an enum of
 * the contract, a role, a language, an audit action… Add a prefix here only when the code builds its
 * keys that way; everything under it is then taken as used.
 */
const DYNAMIC_PREFIXES = [
  "admin.roles",
  "admin.users.refusals",
  "admin.audit.results",
  "admin.audit.actions",
  "admin.audit.targets",
  "admin.audit.fields",
  "admin.audit.csv",
  "admin.connection.keyStates",
  "admin.connection.blocked",
  "admin.connection.scopeStates",
  "admin.connection.scopes",
  "admin.connection.featureStates",
  "admin.connection.writes",
  "admin.connection.advice",
  "admin.languages",
  "glance.export",
  "halqas.semester.status",
  "live.status",
  "live.recitation.kinds",
  "live.mistakes.types",
  "live.planHeard.states",
  "live.unsent.headings",
  "nav.roles",
  "notices.mail.status",
  "notices.mail.assignmentStatus",
  "notices.choices",
  "notices.admin.kinds",
  "notices.admin.statuses",
  "notices.admin.reasons",
  "overview.timetable.invalid",
  "overview.home.today.states",
  "overview.home.figures.columns",
  "plans.status",
  "plans.sync",
  "plans.detail.directions",
  "plans.detail.policies",
  "plans.detail.sources",
  "plans.tracks.units",
  "plans.timeline.sources",
  "plans.changes.kinds",
  "plans.assignmentStatus",
  "quranMap.memorised",
  "quranMap.legend",
  "quranMap.table",
  "quranMap.attendance",
  "sessions.attendance",
  "sessions.recitation",
  "sessions.end",
  "students.status",
  "students.form.fieldErrors",
  "students.import.file",
  "students.import.problems",
  "students.import.outcome",
  "students.attendance",
  "students.recitations",
  "students.recitations.kinds",
  "reportCards.recitations.kinds",
  "reportCards.assignments.statuses",
];

function englishKeys(): string[] {
  const keys: string[] = [];
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") keys.push(prefix + name);
      else walk(value as Record<string, unknown>, `${prefix}${name}.`);
    }
  };
  for (const file of readdirSync("messages/en").filter((name) => !name.startsWith("_")))
    walk(JSON.parse(readFileSync(path.join("messages/en", file), "utf8")), `${file.replace(/\.json$/, "")}.`);
  return keys;
}

function sourceText(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) texts.push(readFileSync(full, "utf8"));
    }
  };
  SOURCE_DIRS.forEach(walk);
  return texts.join("\n");
}

describe("message catalogues", () => {
  it("have no unused key", () => {
    const source = sourceText();
    const quoted = (text: string) => source.includes(`"${text}"`) || source.includes(`\`${text}\``);
    const named = (key: string) => {
      const parts = key.split(".");
      if (quoted(parts.slice(1).join("."))) return true;
      for (let from = 0; from < parts.length - 1; from++) if (quoted(parts.slice(from).join("."))) return true;
      return false;
    };
    const dynamic = (key: string) => DYNAMIC_PREFIXES.some((prefix) => key.startsWith(`${prefix}.`));
    expect(englishKeys().filter((key) => !dynamic(key) && !named(key))).toEqual([]);
  });

  it("list only prefixes the code builds keys under", () => {
    const source = sourceText();
    // The last part of each prefix is followed by `.${` in a template literal somewhere.
    expect(DYNAMIC_PREFIXES.filter((prefix) => !source.includes(`${prefix.split(".").at(-1)}.\${`))).toEqual([]);
  });
});
