import { describe, expect, it } from "vitest";
import { describeRange, newestRecitationsFirst, ratingLabel } from "./recitations";
import { toCreateBody, toUpdateBody } from "./inputs";

describe("recitations", () => {
  const scale = [
    { value: 1, label: "Needs repetition", label_ar: "يحتاج إلى إعادة" },
    { value: 5, label: "Excellent", label_ar: "ممتاز" },
  ];

  it("labels ratings from the school's scale in the reader's language", () => {
    expect(ratingLabel(scale, 5, "en")).toBe("Excellent");
    expect(ratingLabel(scale, 5, "ar")).toBe("ممتاز");
    expect(ratingLabel(scale, 3, "en")).toBe("3");
  });

  it("orders newest first", () => {
    const list = [
      { id: "r1", recorded_at: "2026-01-01T10:00:00.000Z" },
      { id: "r2", recorded_at: "2026-01-02T10:00:00.000Z" },
    ];
    expect(newestRecitationsFirst(list).map((r) => r.id)).toEqual(["r2", "r1"]);
  });

  it("describes ranges within one surah or across two", () => {
    const surahs = new Map([
      [2, { number: 2, name_arabic: "البقرة", name_transliteration: "Al-Baqarah" }],
      [3, { number: 3, name_arabic: "آل عمران", name_transliteration: "Aal-i-Imraan" }],
    ]);
    expect(describeRange({ start: { surah: 2, ayah: 1 }, end: { surah: 2, ayah: 5 } }, surahs)).toEqual({
      kind: "within",
      surah: surahs.get(2),
      from: 1,
      to: 5,
    });
    const across = describeRange({ start: { surah: 2, ayah: 280 }, end: { surah: 3, ayah: 4 } }, surahs);
    expect(across).toMatchObject({ kind: "across", start: { ayah: 280 }, end: { ayah: 4 } });
  });
});

describe("form inputs to API bodies", () => {
  it("turns empty optional fields into null and keeps what was typed", () => {
    expect(
      toCreateBody({
        full_name: "Yusuf Al-Harbi",
        preferred_name: " ",
        halqa_id: "h1",
        status: "active",
        enrolled_on: "",
      }),
    ).toEqual({
      full_name: "Yusuf Al-Harbi",
      preferred_name: null,
      halqa_id: "h1",
      status: "active",
      enrolled_on: null,
    });
  });

  it("never writes a status the dashboard does not know", () => {
    const body = toUpdateBody({
      id: "s1",
      full_name: "A",
      preferred_name: "B",
      halqa_id: "h1",
      status: "suspended_by_school",
      enrolled_on: "2026-01-01",
    });
    expect(body).toEqual({ full_name: "A", preferred_name: "B", halqa_id: "h1", enrolled_on: "2026-01-01" });
    expect(body).not.toHaveProperty("status");
  });
});
