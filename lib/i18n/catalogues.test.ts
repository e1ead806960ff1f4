import { describe, expect, it } from "vitest";
import { ar } from "./messages/ar";
import { en } from "./messages/en";
import { translator } from "./core";
import { placeholdersOf, pluralCategoriesOf, pluralsOf } from "./message-format";

function leaves(node: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** A language's own name is written in that language in every catalogue ("English", "العربية"). */
const SAME_IN_EVERY_LANGUAGE = new Set(["nav.languageNames.en", "nav.languageNames.ar"]);

/** Counts shown as a tally ("Not marked yet: 3") need no plural; every other count does. */
const TALLIES = new Set(["live.counts.notMarked", "live.recitation.open", "live.recitation.juzN", "plans.counts.chip", "errors.writesBlocked"]);
const COUNT_NAMES = /\{(count|n|days|minutes|total|limit|plans|assignments|requests)\}/;

describe("message catalogues", () => {
  const english = leaves(en);
  const arabic = leaves(ar);

  it("Arabic has every English key and nothing else", () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("every Arabic message is written in Arabic, with the same placeholders as the English one", () => {
    for (const [key, text] of english) {
      const translated = arabic.get(key) ?? "";
      expect(translated.trim(), key).not.toBe("");
      expect(placeholdersOf(translated), key).toEqual(placeholdersOf(text));
      if (SAME_IN_EVERY_LANGUAGE.has(key)) continue;
      if (/[A-Za-z]{3,}/.test(text.replace(/\{\w+\}/g, ""))) expect(translated, key).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("writes every count as a plural with the categories each language needs", () => {
    const needs = { en: pluralCategoriesOf("en"), ar: pluralCategoriesOf("ar") };
    expect(needs).toEqual({ en: ["one", "other"], ar: ["few", "many", "one", "other", "two", "zero"] });
    for (const [key, text] of english) {
      if (!TALLIES.has(key)) expect(text, key).not.toMatch(COUNT_NAMES);
      const plurals = pluralsOf(text);
      const translated = pluralsOf(arabic.get(key) ?? "");
      expect(translated.map((p) => p.name).sort(), key).toEqual(plurals.map((p) => p.name).sort());
      for (const plural of plurals) expect(plural.categories, `${key} ${plural.name}`).toEqual(needs.en);
      for (const plural of translated) expect(plural.categories, `${key} ${plural.name}`).toEqual(needs.ar);
    }
  });

  it("never separates Arabic numbers or dates with a middle dot, which reads as the digit zero (٠)", () => {
    for (const [key, text] of arabic) expect(text, key).not.toContain("·");
    expect(translator("ar")("home.attendanceCount", { present: 10, late: 1, absent: 20, excused: 0 })).toBe("حاضر: ١٠، متأخر: ١، غائب: ٢٠، معذور: ٠");
  });

  it("fills placeholders and formats numbers per locale", () => {
    expect(translator("en")("errors.insufficientScope", { scope: "learning_plans:read" })).toContain("learning_plans:read");
    expect(translator("ar")("common.save")).toBe("حفظ");
  });
});
