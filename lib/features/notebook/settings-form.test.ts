import { describe, expect, it } from "vitest";
import { parseNotebookForm, parseThresholds } from "./settings-form";

const base = {
  type0_key: "hesitation",
  type0_en: "Hesitation",
  type0_ar: "تردد",
  thresholds: "0, 2, 4, 7",
  recentPages: "5",
  cycleDays: "30",
};

describe("the notebook settings form", () => {
  it("keeps the ids of kept types, names each new one from its English name, and drops a row with no name", () => {
    const parsed = parseNotebookForm({
      ...base,
      type1_en: "Wrong harakah",
      type1_fr: "Mauvaise voyelle",
      type2_key: "tajweed",
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        mistakeTypes: [
          { id: "hesitation", names: { en: "Hesitation", ar: "تردد" } },
          { id: "wrong-harakah", names: { en: "Wrong harakah", fr: "Mauvaise voyelle" } },
        ],
        ratingThresholds: [0, 2, 4, 7],
        recentPages: 5,
        cycleDays: 30,
      },
    });
  });

  it("gives a type named only in Arabic an id of its own, and two alike names two ids", () => {
    const parsed = parseNotebookForm({
      ...base,
      type0_key: "",
      type0_en: "",
      type1_ar: "لحن",
      type2_en: "Hesitation",
      type3_en: "Hesitation",
    });
    expect(parsed.ok && parsed.value.mistakeTypes.map((x) => x.id)).toEqual([
      "type-1",
      "type-2",
      "hesitation",
      "hesitation-4",
    ]);
  });

  it("reads digits of either script", () => {
    expect(parseThresholds("٠، ٢، ٤")).toEqual([0, 2, 4]);
    expect(parseNotebookForm({ ...base, recentPages: "٣" })).toMatchObject({ ok: true, value: { recentPages: 3 } });
  });

  it.each([
    [{ type0_en: "", type0_ar: "" }, "types", "admin.notebook.invalidTypes"],
    [{ type0_en: "x".repeat(41) }, "type0_en", "admin.notebook.invalidName"],
    [{ thresholds: "0, 4, 2" }, "thresholds", "admin.notebook.invalidThresholds"],
    [{ thresholds: "-1, 2" }, "thresholds", "admin.notebook.invalidThresholds"],
    [{ thresholds: "1000" }, "thresholds", "admin.notebook.invalidThresholds"],
    [{ thresholds: "" }, "thresholds", "admin.notebook.invalidThresholds"],
    [{ recentPages: "0" }, "recentPages", "admin.notebook.invalidRecentPages"],
    [{ cycleDays: "181" }, "cycleDays", "admin.notebook.invalidCycleDays"],
    [{ cycleDays: "7.5" }, "cycleDays", "admin.notebook.invalidCycleDays"],
  ])("refuses %o with a message of the catalogue", (over, field, key) => {
    const parsed = parseNotebookForm({ ...base, ...over });
    expect(parsed).toMatchObject({ ok: false, errors: { [field]: key } });
  });
});
