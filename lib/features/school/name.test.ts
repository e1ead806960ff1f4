import { describe, expect, it } from "vitest";
import { schoolNameIn, schoolNamesIn } from "./name";

describe("the school's name", () => {
  const both = { name: "Al-Noor Quran School", name_ar: "مدرسة النور لتحفيظ القرآن" };
  it("is its Arabic name for a reader of Arabic when it has one, else the name it goes by", () => {
    expect(schoolNameIn(both, "ar")).toBe(both.name_ar);
    expect(schoolNameIn(both, "ur")).toBe(both.name);
    expect(schoolNameIn(both, "en")).toBe(both.name);
    expect(schoolNameIn({ ...both, name_ar: null }, "ar")).toBe(both.name);
  });
  it("gives both names, the reader's first", () => {
    expect(schoolNamesIn(both, "ar")).toEqual([both.name_ar, both.name]);
    expect(schoolNamesIn(both, "fr")).toEqual([both.name, both.name_ar]);
    expect(schoolNamesIn({ ...both, name_ar: null }, "en")).toEqual([both.name, null]);
  });
});
