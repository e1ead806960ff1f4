import { describe, expect, it } from "vitest";
import { textLanguage } from "./text-language";

describe("textLanguage", () => {
  it("reads the language of a school's text from its script", () => {
    expect(textLanguage("Revise Surah Al-Mulk before Thursday.")).toBe("en");
    expect(textLanguage("راجع سورة الملك قبل الخميس.")).toBe("ar");
    // Mostly Arabic with a Latin word: Arabic.
    expect(textLanguage("راجع سورة الملك (Al-Mulk) قبل الخميس")).toBe("ar");
    expect(textLanguage("Revise سورة الملك, ayahs 1 to 10, and the first page of the next surah")).toBe("en");
    expect(textLanguage("1-10")).toBeUndefined();
    expect(textLanguage("")).toBeUndefined();
  });
});
