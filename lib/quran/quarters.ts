import { getRubAlHizbMeta, meta, type RubAlHizbId } from "quran-meta/hafs";
import { unitOf } from "./cover";
import type { QuranPoint } from "./index";

/** Ayahs of the whole mushaf (Hafs): 6236. */
export const AYAH_COUNT = meta.numAyahs;
export const JUZ_COUNT = meta.numJuzs;

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

/** The quarter holding a mushaf-wide ayah number. */
export function quarterOfAyah(ayah: number): Quarter {
  return QUARTERS[unitOf("quarter", ayah) - 1]!;
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
