import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StudentCreate } from "@/lib/contract";
import { showsLetterOrDigit, visiblePart } from "./invisible";

const INVISIBLES = [
  "\u200B",
  "\u200C",
  "\u200D",
  "\u200E",
  "\u200F",
  "\u061C",
  "\u00AD",
  "\u2060",
  "\uFEFF",
  "\u3164",
  "\uFFA0",
  "\u115F",
  "\u1160",
  "\uFE0F",
];

describe("what a reader sees of a text", () => {
  it("counts no invisible character as a letter: zero-width spaces, direction marks, the soft hyphen, the Hangul fillers", () => {
    for (const text of ["\u3164", "\uFFA0", "\u115F\u1160", "\u200B\u200B", "\u00AD", " \u2060 ", "\u200F\u061C"])
      expect(showsLetterOrDigit(text), JSON.stringify(text)).toBe(false);
    for (const text of ["Ali", "عبد\u200Cالله", "\u200Fعلي", "١٢", "7"])
      expect(showsLetterOrDigit(text), text).toBe(true);
  });

  it("whatever invisible characters are added, a text shows the same", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 20 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVISIBLES)), { maxLength: 10 }),
        (text, inserts) => {
          let padded = visiblePart(text);
          for (const [at, mark] of inserts) {
            const cut = at % (padded.length + 1);
            padded = padded.slice(0, cut) + mark + padded.slice(cut);
          }
          expect(visiblePart(padded)).toBe(visiblePart(text));
          expect(showsLetterOrDigit(padded)).toBe(showsLetterOrDigit(text));
        },
      ),
    );
  });

  it("is the rule of v1's names: a name of Hangul fillers is refused, Arabic with its marks is kept", () => {
    const body = (full_name: string) => ({ halqa_id: "hlq_1", full_name });
    for (const name of ["\u3164", "\uFFA0", "\u115F\u1160", "\u00AD\u200B"])
      expect(StudentCreate.safeParse(body(name)).success, JSON.stringify(name)).toBe(false);
    expect(StudentCreate.safeParse(body("عبد\u200Cالله \u200Fعلي")).success).toBe(true);
  });
});
