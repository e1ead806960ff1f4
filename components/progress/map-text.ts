import type { RatingLevel } from "@/lib/contract";
import type { MapCell } from "@/lib/features/progress/quran-map";
import { wholePercent } from "@/lib/percent";
import { ratingLabel } from "@/lib/features/students/recitations";
import { rangeText } from "@/lib/features/progress/range-text";
import type { I18n } from "@/lib/i18n/core";
import { isRightToLeft } from "@/lib/i18n/locales";
import type { WeakAyah } from "@/lib/features/notebook/weak-passages";
import { ayahIdOf } from "@/lib/quran/cover";
import { quarterOfAyah } from "@/lib/quran/quarters";

/** What a map's words need: the page's i18n and the school's word for a rating. */
export type MapWords = Pick<I18n, "t" | "locale" | "date" | "number" | "separator"> & {
  rating: (value: number) => string;
};

export function mapWords({ t, locale, date, number, separator }: I18n, scale: readonly RatingLevel[]): MapWords {
  return { t, locale, date, number, separator, rating: (value) => ratingLabel(scale, value, locale) };
}

export { rangeText };

export function memorisedText(cell: MapCell, { t }: MapWords): string {
  if (cell.memorised === "part")
    return t("quranMap.memorised.part", { percent: wholePercent(cell.memorisedAyahs / cell.ayahCount) });
  return t(`quranMap.memorised.${cell.memorised}`);
}

export function revisionText(cell: MapCell, words: MapWords): string {
  if (!cell.lastRevision) return words.t("quranMap.notRevised");
  return words.t("quranMap.revised", { date: words.date(cell.lastRevision.day), days: cell.lastRevision.daysAgo });
}

export function ratingText(cell: MapCell, words: MapWords): string {
  if (!cell.lastHeard) return words.t("quranMap.notHeard");
  return words.t("quranMap.rating", {
    rating: words.rating(cell.lastHeard.rating),
    date: words.date(cell.lastHeard.day),
  });
}

/**
 * Staff only: per quarter (1 … 240) holding weak passages, the mistakes placed there and the ayahs
 * ("2:255, 2:260"), for the map's marks. Never built for a family page or a report.
 */
export function weakTexts(
  weak: readonly Pick<WeakAyah, "at" | "mistakes">[],
  { t, number, locale }: MapWords,
): Record<number, string> {
  const byQuarter = new Map<number, { count: number; ayahs: string[] }>();
  for (const passage of weak) {
    const index = quarterOfAyah(ayahIdOf(passage.at)).index;
    const entry = byQuarter.get(index) ?? byQuarter.set(index, { count: 0, ayahs: [] }).get(index)!;
    entry.count += passage.mistakes;
    entry.ayahs.push(`${number(passage.at.surah)}:${number(passage.at.ayah)}`);
  }
  const comma = isRightToLeft(locale) ? "، " : ", ";
  return Object.fromEntries(
    [...byQuarter].map(([index, entry]) => [
      index,
      t("quranMap.weak", { count: entry.count, ayahs: entry.ayahs.join(comma) }),
    ]),
  );
}
