import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ayahIdOf, coverOf, juzCoverage, pointOfAyahId, UNIT_COUNTS, unitBounds, type QuranUnit } from "./cover";
import { juzOf, pageOf, SURAHS } from "./index";

const TOTAL = SURAHS.reduce((sum, s) => sum + s.ayah_count, 0);
const ayahId = fc.integer({ min: 1, max: TOTAL });
const unit = fc.constantFrom<QuranUnit>("juz", "quarter", "page");

describe("Quran coverage of a range", () => {
  it("knows the mushaf's sizes", () => {
    expect(TOTAL).toBe(6236);
    expect(UNIT_COUNTS).toEqual({ juz: 30, quarter: 240, page: 604 });
    expect(unitBounds("juz", 30).first).toEqual({ surah: 78, ayah: 1 });
    expect(unitBounds("juz", 30).last).toEqual({ surah: 114, ayah: 6 });
    expect(unitBounds("juz", 1).first).toEqual({ surah: 1, ayah: 1 });
    expect(unitBounds("juz", 1).last).toEqual({ surah: 2, ayah: 141 });
  });

  it("Al-Mulk lies wholly in juz 29; Al-Baqarah 140–145 straddles juz 1 and 2", () => {
    expect(juzCoverage({ start: { surah: 67, ayah: 1 }, end: { surah: 67, ayah: 30 } })).toEqual([
      { unit: 29, ayahs: 30, unitAyahs: unitBounds("juz", 29).lastId - unitBounds("juz", 29).firstId + 1 },
    ]);
    expect(
      juzCoverage({ start: { surah: 2, ayah: 140 }, end: { surah: 2, ayah: 145 } }).map((c) => [c.unit, c.ayahs]),
    ).toEqual([
      [1, 2],
      [2, 4],
    ]);
  });

  it("ayah ids and points round-trip", () => {
    fc.assert(fc.property(ayahId, (id) => ayahIdOf(pointOfAyahId(id)) === id));
  });

  it("every ayah of a range is counted once, in the unit juzOf/pageOf name, and units come in order", () => {
    fc.assert(
      fc.property(ayahId, ayahId, unit, (a, b, kind) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const covers = coverOf({ start: pointOfAyahId(from), end: pointOfAyahId(to) }, kind);
        expect(covers.reduce((sum, c) => sum + c.ayahs, 0)).toBe(to - from + 1);
        for (let i = 1; i < covers.length; i++) expect(covers[i]!.unit).toBe(covers[i - 1]!.unit + 1);
        for (const c of covers) expect(c.ayahs).toBeLessThanOrEqual(c.unitAyahs);
        if (kind === "juz") expect(covers[0]!.unit).toBe(juzOf(pointOfAyahId(from)));
        if (kind === "page") expect(covers.at(-1)!.unit).toBe(pageOf(pointOfAyahId(to)));
      }),
    );
  });

  it("the units tile the mushaf", () => {
    for (const kind of ["juz", "quarter", "page"] as const) {
      let next = 1;
      for (let n = 1; n <= UNIT_COUNTS[kind]; n++) {
        const bounds = unitBounds(kind, n);
        expect(bounds.firstId).toBe(next);
        next = bounds.lastId + 1;
      }
      expect(next).toBe(TOTAL + 1);
    }
  });
});
