import { findJuz, findPage, getSurahMeta, type AyahNo, type Surah } from "quran-meta/hafs";
import { surahNamesEn } from "quran-meta/i18n";

/** One surah of the Hafs mushaf, with the metadata forms and validation need. */
export type SurahInfo = {
  number: number;
  name_arabic: string;
  name_transliteration: string;
  name_english: string;
  ayah_count: number;
  revelation_place: "meccan" | "medinan";
  start_juz: number;
  start_page: number;
};

export type QuranPoint = { surah: number; ayah: number };

export const SURAH_COUNT = 114;

function buildSurahs(): readonly SurahInfo[] {
  const list: SurahInfo[] = [];
  for (let number = 1; number <= SURAH_COUNT; number++) {
    const meta = getSurahMeta(number as Surah);
    const names = surahNamesEn[number] ?? [];
    list.push({
      number,
      name_arabic: meta.name,
      name_transliteration: names[0] ?? `Surah ${number}`,
      name_english: names[1] ?? `Surah ${number}`,
      ayah_count: meta.ayahCount,
      revelation_place: meta.isMeccan ? "meccan" : "medinan",
      start_juz: findJuz(number as Surah, 1 as AyahNo),
      start_page: findPage(number as Surah, 1 as AyahNo),
    });
  }
  return Object.freeze(list);
}

export const SURAHS: readonly SurahInfo[] = buildSurahs();

export function surahInfo(number: number): SurahInfo | undefined {
  return Number.isInteger(number) ? SURAHS[number - 1] : undefined;
}

/** Why a point is not a real ayah of the mushaf, or null when it is one. */
export function pointProblem(point: QuranPoint): string | null {
  const surah = surahInfo(point.surah);
  if (!surah) return `surah must be a whole number from 1 to ${SURAH_COUNT}`;
  if (!Number.isInteger(point.ayah) || point.ayah < 1 || point.ayah > surah.ayah_count) {
    return `surah ${surah.number} (${surah.name_transliteration}) has ayahs 1 to ${surah.ayah_count}`;
  }
  return null;
}

/** Mushaf order: negative when a comes before b. */
export function comparePoints(a: QuranPoint, b: QuranPoint): number {
  return a.surah - b.surah || a.ayah - b.ayah;
}

export function juzOf(point: QuranPoint): number {
  return findJuz(point.surah as Surah, point.ayah as AyahNo);
}

export function pageOf(point: QuranPoint): number {
  return findPage(point.surah as Surah, point.ayah as AyahNo);
}
