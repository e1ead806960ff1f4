import { describe, expect, it } from "vitest";
import { i18nFor } from "@/lib/i18n/core";
import { DEFAULT_FORMATS } from "@/lib/i18n/locales";
import { ayahIdOf } from "@/lib/quran/cover";
import { quarterOfAyah } from "@/lib/quran/quarters";
import { mapWords, weakTexts } from "./map-text";

const quarter = (surah: number, ayah: number) => quarterOfAyah(ayahIdOf({ surah, ayah })).index;

describe("weakTexts", () => {
  it("puts each weak passage on its quarter, the mistakes summed and the ayahs listed, in the reader's language and digits", () => {
    const weak = [
      { at: { surah: 2, ayah: 255 }, mistakes: 3 },
      { at: { surah: 2, ayah: 256 }, mistakes: 1 },
      { at: { surah: 1, ayah: 1 }, mistakes: 1 },
    ];
    expect(quarter(2, 255)).toBe(quarter(2, 256));
    const en = weakTexts(weak, mapWords(i18nFor("en", "Asia/Riyadh"), []));
    expect(
      Object.keys(en)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([quarter(1, 1), quarter(2, 255)]);
    expect(en[quarter(2, 255)]).toBe("Weak passage: 4 mistakes at 2:255, 2:256");
    expect(en[quarter(1, 1)]).toBe("Weak passage: 1 mistake at 1:1");

    const ar = weakTexts(weak, mapWords(i18nFor("ar", "Asia/Riyadh", { ...DEFAULT_FORMATS, numerals: "native" }), []));
    expect(ar[quarter(2, 255)]).toMatch(/^موضع ضعيف: ٤ أخطاء في ٢:٢٥٥، ٢:٢٥٦$/);
  });

  it("is empty without weak passages", () => {
    expect(weakTexts([], mapWords(i18nFor("en", "Asia/Riyadh"), []))).toEqual({});
  });
});
