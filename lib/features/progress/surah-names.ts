import type { SurahName } from "@/lib/features/students/recitations";
import { SURAHS } from "@/lib/quran";

const NAMES: ReadonlyMap<number, SurahName> = new Map(
  SURAHS.map((s) => [
    s.number,
    { number: s.number, name_arabic: s.name_arabic, name_transliteration: s.name_transliteration },
  ]),
);

/** Surah names from the mushaf's metadata (no API call): for pages that read the store, not the API. */
export const surahsFromMushaf = () => NAMES;
