import {
  findAyahIdBySurah,
  findSurahAyahByAyahId,
  HizbQuarterList,
  JuzList,
  PageList,
  type AyahId,
  type AyahNo,
  type Surah,
} from "quran-meta/hafs";
import type { QuranPoint } from "./index";

/**
 * Which parts of the mushaf a recited range covers: juz (30), hizb quarters (240) or pages (604),
 * from quran-meta's Hafs tables. Every ayah has a global number 1…6236 in mushaf order; a unit
 * is the span of those numbers from its first ayah to the one before the next unit's first.
 */
export type QuranUnit = "juz" | "quarter" | "page";

/** Each list: index n is the first ayah id of unit n (index 0 unused), the last entry the end sentinel. */
const LISTS: Record<QuranUnit, readonly number[]> = { juz: JuzList, quarter: HizbQuarterList, page: PageList };

export const UNIT_COUNTS: Record<QuranUnit, number> = {
  juz: JuzList.length - 2,
  quarter: HizbQuarterList.length - 2,
  page: PageList.length - 2,
};

export type Range = { start: QuranPoint; end: QuranPoint };

export type UnitCover = {
  /** 1-based unit number. */
  unit: number;
  /** Ayahs of the range inside this unit. */
  ayahs: number;
  /** Ayahs in the whole unit. */
  unitAyahs: number;
};

/** An ayah's place in the whole mushaf, 1 … 6236. */
export function ayahIdOf(point: QuranPoint): number {
  return findAyahIdBySurah(point.surah as Surah, point.ayah as AyahNo);
}

/** The ayah at a mushaf-wide number (1 … 6236). */
export function pointOfAyahId(id: number): QuranPoint {
  const [surah, ayah] = findSurahAyahByAyahId(id as AyahId);
  return { surah, ayah };
}

/** The first and last ayah of a unit. */
export function unitBounds(
  unit: QuranUnit,
  n: number,
): { first: QuranPoint; last: QuranPoint; firstId: number; lastId: number } {
  const list = LISTS[unit];
  if (!Number.isInteger(n) || n < 1 || n > UNIT_COUNTS[unit])
    throw new RangeError(`${unit} must be 1…${UNIT_COUNTS[unit]}, not ${n}`);
  const firstId = list[n]!;
  const lastId = list[n + 1]! - 1;
  return { first: pointOfAyahId(firstId), last: pointOfAyahId(lastId), firstId, lastId };
}

/** The unit (1-based) holding an ayah id. */
export function unitOf(unit: QuranUnit, id: number): number {
  return unitOfId(LISTS[unit], id);
}

/** The unit holding an ayah id (binary search over the unit's first ayahs). */
function unitOfId(list: readonly number[], id: number): number {
  let lo = 1;
  let hi = list.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid]! <= id) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The units a range touches, in mushaf order, with how many of each unit's ayahs it covers. */
export function coverOf(range: Range, unit: QuranUnit): UnitCover[] {
  const list = LISTS[unit];
  const from = ayahIdOf(range.start);
  const to = ayahIdOf(range.end);
  if (to < from) return [];
  const covers: UnitCover[] = [];
  for (let n = unitOfId(list, from); n <= UNIT_COUNTS[unit] && list[n]! <= to; n++) {
    const first = list[n]!;
    const last = list[n + 1]! - 1;
    covers.push({ unit: n, ayahs: Math.min(last, to) - Math.max(first, from) + 1, unitAyahs: last - first + 1 });
  }
  return covers;
}

/** The juz a range touches, with the share of each juz it covers. */
export function juzCoverage(range: Range): UnitCover[] {
  return coverOf(range, "juz");
}
