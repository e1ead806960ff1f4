import { findAyahIdBySurah, findSurahAyahByAyahId, getRubAlHizbMeta, meta, type AyahId, type AyahNo, type RubAlHizbId, type Surah } from "quran-meta/hafs";
import type { QuranPoint } from "./index";

/** Ayahs of the whole mushaf (Hafs): 6236. */
export const AYAH_COUNT = meta.numAyahs;
export const JUZ_COUNT = meta.numJuzs;
/** Hizb quarters (rub' al-hizb) per juz: 8, so 240 in all. */
export const QUARTERS_PER_JUZ = meta.numRubsInJuz;

/** One hizb quarter: where it sits (juz, its place in the juz, hizb) and the ayahs it spans. */
export type Quarter = {
  /** 1 … 240 in mushaf order. */
  index: number;
  juz: number;
  /** 1 … 8 within its juz. */
  inJuz: number;
  hizb: number;
  first: QuranPoint;
  last: QuranPoint;
  /** Mushaf-wide ayah numbers (1 … 6236) of its first and last ayah. */
  firstAyah: number;
  lastAyah: number;
};

/** An ayah's place in the whole mushaf, 1 … 6236. */
export function ayahNumber(point: QuranPoint): number {
  return findAyahIdBySurah(point.surah as Surah, point.ayah as AyahNo);
}

/** The ayah at a mushaf-wide number (1 … 6236). */
export function pointAt(ayah: number): QuranPoint {
  const [surah, number] = findSurahAyahByAyahId(ayah as AyahId);
  return { surah, ayah: number };
}

function buildQuarters(): readonly Quarter[] {
  const list: Quarter[] = [];
  for (let index = 1; index <= meta.numRubAlHizbs; index++) {
    const quarter = getRubAlHizbMeta(index as RubAlHizbId);
    list.push({
      index,
      juz: quarter.juz,
      inJuz: quarter.juzPart,
      hizb: quarter.hizbId,
      first: { surah: quarter.first[0], ayah: quarter.first[1] },
      last: { surah: quarter.last[0], ayah: quarter.last[1] },
      firstAyah: quarter.firstAyahId,
      lastAyah: quarter.lastAyahId,
    });
  }
  return Object.freeze(list);
}

/** The 240 hizb quarters in mushaf order (`QUARTERS[i].index === i + 1`). */
export const QUARTERS: readonly Quarter[] = buildQuarters();

/** The quarter holding a mushaf-wide ayah number (binary search over the quarters' first ayahs). */
export function quarterOfAyah(ayah: number): Quarter {
  let low = 0;
  let high = QUARTERS.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (QUARTERS[middle]!.firstAyah <= ayah) low = middle;
    else high = middle - 1;
  }
  return QUARTERS[low]!;
}

/** The part of a range (mushaf-wide ayah numbers, inclusive) inside each quarter it reaches, in mushaf order. */
export function quartersOfSpan(firstAyah: number, lastAyah: number): { quarter: Quarter; from: number; to: number }[] {
  const out: { quarter: Quarter; from: number; to: number }[] = [];
  if (lastAyah < firstAyah) return out;
  for (let index = quarterOfAyah(firstAyah).index; index <= QUARTERS.length; index++) {
    const quarter = QUARTERS[index - 1]!;
    if (quarter.firstAyah > lastAyah) break;
    out.push({ quarter, from: Math.max(firstAyah, quarter.firstAyah), to: Math.min(lastAyah, quarter.lastAyah) });
  }
  return out;
}
