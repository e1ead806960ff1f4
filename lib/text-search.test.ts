import { describe, expect, it } from "vitest";
import { matchesQuery, normalizeForSearch } from "./text-search";

describe("normalizeForSearch", () => {
  it("folds case, accents and punctuation", () => {
    expect(normalizeForSearch("  Al-Harbi,  Abdullah ")).toBe("al harbi abdullah");
    expect(normalizeForSearch("Zaïd Ibn Thābit")).toBe("zaid ibn thabit");
  });

  it("folds Arabic spelling variants and short vowels", () => {
    expect(normalizeForSearch("أَحْمَد")).toBe("احمد");
    expect(normalizeForSearch("إبراهيم")).toBe("ابراهيم");
    expect(normalizeForSearch("فاطمة")).toBe(normalizeForSearch("فاطمه"));
    expect(normalizeForSearch("مصطفى")).toBe(normalizeForSearch("مصطفي"));
    expect(normalizeForSearch("حلـــقة")).toBe(normalizeForSearch("حلقه"));
  });
});

describe("matchesQuery", () => {
  it("matches every word anywhere in the texts", () => {
    expect(matchesQuery(["Abu Bakr As-Siddiq Circle"], "siddiq abu")).toBe(true);
    expect(matchesQuery(["Abu Bakr As-Siddiq Circle"], "umar")).toBe(false);
    expect(matchesQuery(["Yusuf Al-Qahtani", "Abu Yusuf"], "qahtani abu")).toBe(true);
  });

  it("matches everything for an empty query and ignores missing texts", () => {
    expect(matchesQuery(["x"], undefined)).toBe(true);
    expect(matchesQuery(["x"], "  ")).toBe(true);
    expect(matchesQuery([null, undefined, "Khadijah"], "khad")).toBe(true);
  });

  it("finds Arabic names whatever the hamza", () => {
    expect(matchesQuery(["أحمد الحربي"], "احمد")).toBe(true);
  });
});
