import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { translator, LOCALES } from "./core";
import { INDEX_FILE, META_FILE, readLocaleFolders, renderLocaleIndex } from "./locale-folders";
import { isRightToLeft, type Locale } from "./locales";

/**
 * The catalogues (messages/<locale>/<namespace>.json, ICU MessageFormat as next-intl reads it):
 * every language has exactly the English keys, each message parses, keeps the English
 * placeholders, and spells out the plural categories its language needs (CLDR, by Intl.PluralRules).
 */
const ROOT = path.join(process.cwd(), "messages");

function leaves(node: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(at, value);
    else for (const [k, v] of leaves(value, at)) out.set(k, v);
  }
  return out;
}

function catalogue(locale: string): Map<string, string> {
  const files = readdirSync(path.join(ROOT, locale)).filter((file) => file.endsWith(".json") && file !== META_FILE);
  const all = Object.fromEntries(
    files.map((file) => [file.replace(/\.json$/, ""), JSON.parse(readFileSync(path.join(ROOT, locale, file), "utf8"))]),
  );
  return leaves(all);
}

/** Placeholder names and, per plural argument, the categories it spells out (exact `=n` matches left out). */
function shape(message: string) {
  const names = new Set<string>();
  const plurals: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (
        element.type === TYPE.argument ||
        element.type === TYPE.number ||
        element.type === TYPE.date ||
        element.type === TYPE.time
      )
        names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        names.add(element.value);
        if (element.type === TYPE.plural)
          plurals.push(
            `${element.value}: ${Object.keys(element.options)
              .filter((k) => !k.startsWith("="))
              .sort()
              .join(" ")}`,
          );
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return { names: [...names].sort(), plurals: plurals.sort() };
}

/** Counts shown as a tally ("Not marked yet: 3") need no plural; every other count does. */
const TALLIES = new Set([
  "live.counts.notMarked",
  "live.recitation.open",
  "live.recitation.juzN",
  "plans.counts.chip",
  "errors.writesBlocked",
]);
const COUNT_NAMES = /\{(count|n|days|minutes|total|limit|plans|assignments|requests)\}/;
const RTL_SCRIPT = /[\u0590-\u08FF]/;
const categoriesOf = (locale: string) =>
  [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort().join(" ");

describe("message catalogues", () => {
  const english = catalogue("en");
  it("there is a catalogue for every language the product offers, and no other", () => {
    expect(readdirSync(ROOT).sort()).toEqual([...LOCALES].sort());
  });

  it("each folder says what its language needs (_locale.json), and the index every module reads is the folders'", () => {
    const metas = readLocaleFolders(ROOT);
    expect(metas.map((meta) => meta.code)).toEqual(LOCALES);
    // Stale after a folder was added or changed: `next build` or `next dev` writes it again (lib/i18n/locale-folders.ts).
    expect(readFileSync(INDEX_FILE, "utf8")).toBe(renderLocaleIndex(metas));
    for (const meta of metas) expect(new Intl.Locale(meta.tag).language).toBe(meta.code);
  });

  it("every English message parses as ICU, with no quoting apostrophe, and every count is a plural", () => {
    for (const [key, text] of english) {
      expect(() => parse(text), key).not.toThrow();
      expect(text, key).not.toMatch(/'[{}#|<']/);
      if (!TALLIES.has(key)) expect(text, key).not.toMatch(COUNT_NAMES);
      for (const plural of shape(text).plurals) expect(plural.split(": ")[1], key).toBe(categoriesOf("en"));
    }
  });

  describe.each(readdirSync(ROOT).filter((locale) => locale !== "en"))("%s", (locale) => {
    const translated = catalogue(locale);

    it("has every English key and nothing else", () => {
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it("parses every message, with the English placeholders and the plural categories the language needs", () => {
      const needs = categoriesOf(locale);
      for (const [key, text] of english) {
        const own = translated.get(key) ?? "";
        expect(own.trim(), key).not.toBe("");
        // An apostrophe before ICU syntax starts a quotation and hides text: write ’ instead.
        expect(own, key).not.toMatch(/'[{}#|<']/);
        expect(() => parse(own), `${key}: ${own}`).not.toThrow();
        const ours = shape(own);
        const theirs = shape(text);
        expect(ours.names, key).toEqual(theirs.names);
        expect(
          ours.plurals.map((p) => p.split(": ")[0]),
          key,
        ).toEqual(theirs.plurals.map((p) => p.split(": ")[0]));
        for (const plural of ours.plurals) expect(plural.split(": ")[1], `${key} ${plural}`).toBe(needs);
      }
    });

    it("is written in the language: its script, and hardly a message left in English", () => {
      const rtl = isRightToLeft(locale as Locale);
      let same = 0;
      for (const [key, text] of english) {
        const own = translated.get(key) ?? "";
        const words = text.replace(/\{[^{}]*\}/g, "");
        if (rtl && /[A-Za-z]{3,}/.test(words)) expect(own, key).toMatch(RTL_SCRIPT);
        // Arabic-script numbers and dates are never separated by a middle dot, which reads as zero (٠).
        if (rtl) expect(own, key).not.toContain("·");
        if (own === text && /[A-Za-z]{4,}\s+[A-Za-z]{4,}/.test(words)) same++;
      }
      expect(same, "messages of several words left as the English").toBeLessThanOrEqual(Math.ceil(english.size * 0.02));
    });
  });

  it("fills placeholders and formats numbers per locale", () => {
    expect(translator("en")("errors.insufficientScope", { scope: "learning_plans:read" })).toContain(
      "learning_plans:read",
    );
    expect(translator("ar")("common.save")).toBe("حفظ");
    expect(translator("ar", "native")("home.attendanceCount", { present: 10, late: 1, absent: 20, excused: 0 })).toBe(
      "حاضر: ١٠، متأخر: ١، غائب: ٢٠، معذور: ٠",
    );
  });

  it("write the numbers of their own text in Western digits: the school's choice of digits applies to what the program fills in", () => {
    // Only the settings' own example of the native digits shows them.
    for (const locale of LOCALES) {
      const native = [...catalogue(locale)].filter(
        ([key, text]) => key !== "admin.languages.numeralsNative" && /[\u0660-\u0669\u06F0-\u06F9]/.test(text),
      );
      expect(native.map(([key]) => `${locale}: ${key}`)).toEqual([]);
    }
  });

  it("name a recitation's kind with one word per language on every page, e-mail and document (issue 58.5)", () => {
    const places = [
      "live.recitation.kinds",
      "students.recitations.kinds",
      "sessions.recitation",
      "reportCards.recitations.kinds",
    ];
    for (const locale of LOCALES) {
      const messages = catalogue(locale);
      for (const kind of ["new_memorization", "recent_revision", "old_revision"]) {
        // A document writes the kind inside a sentence, where it may start in lower case.
        const words = new Set(places.map((place) => messages.get(`${place}.${kind}`)?.toLocaleLowerCase(locale)));
        expect([...words], `${locale}: ${kind}`).toHaveLength(1);
      }
    }
  });
});
