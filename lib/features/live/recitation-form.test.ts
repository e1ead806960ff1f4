import { describe, expect, it } from "vitest";
import { juzOf, SURAHS } from "@/lib/quran";
import {
  continueAfter,
  filterSurahs,
  foldForSearch,
  nextPoint,
  prefillRange,
  rangeProblem,
  type PastRecitation,
} from "./recitation-form";

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, minutes)).toISOString();
const past = (
  student_id: string,
  kind: PastRecitation["kind"],
  s: [number, number, number, number],
  minutes: number,
): PastRecitation => ({
  student_id,
  kind,
  start: { surah: s[0], ayah: s[1] },
  end: { surah: s[2], ayah: s[3] },
  recorded_at: at(minutes),
});

describe("filterSurahs", () => {
  it("finds a surah by number, the exact number first", () => {
    expect(filterSurahs(SURAHS, "2", null)[0]?.number).toBe(2);
    expect(filterSurahs(SURAHS, "11", null).map((s) => s.number)).toEqual([11, 110, 111, 112, 113, 114]);
  });

  it("finds a surah by transliterated name without diacritics or hyphens, and by Arabic name", () => {
    expect(filterSurahs(SURAHS, "fatiha", null).map((s) => s.number)).toContain(1);
    expect(filterSurahs(SURAHS, "Al-Mulk", null).map((s) => s.number)).toEqual([67]);
    const arabic = SURAHS[66]!.name_arabic;
    expect(filterSurahs(SURAHS, arabic, null).map((s) => s.number)).toContain(67);
    expect(foldForSearch("الْمُلْك")).toBe(foldForSearch("الملك"));
  });

  it("keeps the surahs that run through a juz", () => {
    const juz30 = filterSurahs(SURAHS, "", 30, (n) => juzOf({ surah: n, ayah: SURAHS[n - 1]!.ayah_count }));
    expect(juz30[0]?.number).toBe(78);
    expect(juz30.at(-1)?.number).toBe(114);
    const juz2 = filterSurahs(SURAHS, "", 2, (n) => juzOf({ surah: n, ayah: SURAHS[n - 1]!.ayah_count })).map(
      (s) => s.number,
    );
    expect(juz2).toEqual([2]);
    expect(filterSurahs(SURAHS, "baqara", 3).map((s) => s.number)).toEqual([2]);
  });
});

describe("rangeProblem", () => {
  it("accepts real ranges and refuses ayahs past a surah's end, unknown surahs and reversed ranges", () => {
    expect(rangeProblem(SURAHS, { start: { surah: 1, ayah: 1 }, end: { surah: 1, ayah: 7 } })).toBeNull();
    expect(rangeProblem(SURAHS, { start: { surah: 1, ayah: 1 }, end: { surah: 1, ayah: 8 } })).toEqual({
      field: "end",
      kind: "ayah",
      max: 7,
    });
    expect(rangeProblem(SURAHS, { start: { surah: 115, ayah: 1 }, end: { surah: 1, ayah: 1 } })).toEqual({
      field: "start",
      kind: "surah",
    });
    expect(rangeProblem(SURAHS, { start: { surah: 2, ayah: 5 }, end: { surah: 2, ayah: 4 } })).toEqual({
      field: "end",
      kind: "order",
    });
    expect(rangeProblem(SURAHS, { start: { surah: 2, ayah: 0 }, end: { surah: 2, ayah: 4 } })).toEqual({
      field: "start",
      kind: "ayah",
      max: 286,
    });
  });
});

describe("continuing after a recitation", () => {
  it("starts after the end, keeps the length inside the surah, and crosses to the next surah", () => {
    expect(nextPoint(SURAHS, { surah: 1, ayah: 7 })).toEqual({ surah: 2, ayah: 1 });
    expect(nextPoint(SURAHS, { surah: 114, ayah: 6 })).toBeNull();
    expect(continueAfter(SURAHS, { start: { surah: 67, ayah: 1 }, end: { surah: 67, ayah: 10 } })).toEqual({
      start: { surah: 67, ayah: 11 },
      end: { surah: 67, ayah: 20 },
    });
    expect(continueAfter(SURAHS, { start: { surah: 67, ayah: 21 }, end: { surah: 67, ayah: 28 } })).toEqual({
      start: { surah: 67, ayah: 29 },
      end: { surah: 67, ayah: 30 },
    });
    expect(continueAfter(SURAHS, { start: { surah: 67, ayah: 25 }, end: { surah: 67, ayah: 30 } })).toEqual({
      start: { surah: 68, ayah: 1 },
      end: { surah: 68, ayah: 6 },
    });
  });
});

describe("prefillRange", () => {
  const thisSession = [
    past("a", "new_memorization", [67, 1, 67, 5], 30),
    past("b", "new_memorization", [2, 1, 2, 20], 40),
  ];
  const earlier = [
    past("a", "recent_revision", [78, 1, 78, 10], 1),
    past("a", "new_memorization", [66, 1, 66, 12], 2),
    past("b", "recent_revision", [36, 1, 36, 40], 3),
  ];

  it("continues after the student's latest recitation of the same kind, never another student's or kind's", () => {
    expect(prefillRange(SURAHS, "a", "new_memorization", { thisSession, earlier, planSegment: null })).toEqual({
      range: { start: { surah: 67, ayah: 6 }, end: { surah: 67, ayah: 10 } },
      source: "last",
    });
    expect(
      prefillRange(SURAHS, "a", "recent_revision", { thisSession, earlier, planSegment: null }).range?.start,
    ).toEqual({ surah: 78, ayah: 11 });
    expect(
      prefillRange(SURAHS, "b", "recent_revision", { thisSession, earlier, planSegment: null }).range?.start,
    ).toEqual({ surah: 36, ayah: 41 });
    expect(prefillRange(SURAHS, "c", "new_memorization", { thisSession, earlier, planSegment: null })).toEqual({
      range: null,
      source: null,
    });
    expect(prefillRange(SURAHS, "a", "old_revision", { thisSession, earlier, planSegment: null })).toEqual({
      range: null,
      source: null,
    });
  });

  it("prefers the plan's segment until this session holds a recitation of that kind", () => {
    const planSegment = { start: { surah: 80, ayah: 1 }, end: { surah: 80, ayah: 16 } };
    expect(prefillRange(SURAHS, "a", "recent_revision", { thisSession, earlier, planSegment })).toEqual({
      range: planSegment,
      source: "plan",
    });
    expect(prefillRange(SURAHS, "a", "new_memorization", { thisSession, earlier, planSegment }).source).toBe("last");
  });
});
