import type { RatingLevel, Recitation, Surah } from "@/lib/contract";
import type { Locale } from "@/lib/i18n/core";

type Timed = Pick<Recitation, "recorded_at" | "id">;

/**
 * Recitations in the order they were recorded: by `recorded_at`, then by id on the same instant, so
 * that no answer depends on the order records arrived in. Instants compare as plain strings (ISO 8601
 * orders the same): a halqa's year is thousands of records, and localeCompare is many times slower.
 */
export function byRecordedAt(a: Timed, b: Timed): number {
  if (a.recorded_at !== b.recorded_at) return a.recorded_at < b.recorded_at ? -1 : 1;
  return a.id.localeCompare(b.id);
}

export function newestRecitationsFirst<T extends Timed>(recitations: readonly T[]): T[] {
  return recitations.toSorted((a, b) => byRecordedAt(b, a));
}

/** The school's word for a rating, in the reader's language; the bare number when the scale lacks it. */
export function ratingLabel(scale: readonly RatingLevel[], value: number, locale: Locale): string {
  const level = scale.find((l) => l.value === value);
  if (!level) return String(value);
  return locale === "ar" ? level.label_ar : level.label;
}

export type SurahName = Pick<Surah, "number" | "name_arabic" | "name_transliteration">;

export type RangeEnd = { surah: SurahName; ayah: number };
/** A range as the page shows it: one surah with an ayah span, or two ends in different surahs. */
export type RangeView =
  { kind: "within"; surah: SurahName; from: number; to: number } | { kind: "across"; start: RangeEnd; end: RangeEnd };

export function describeRange(range: Recitation["range"], surahs: ReadonlyMap<number, SurahName>): RangeView {
  const name = (number: number): SurahName =>
    surahs.get(number) ?? { number, name_arabic: String(number), name_transliteration: String(number) };
  if (range.start.surah === range.end.surah)
    return { kind: "within", surah: name(range.start.surah), from: range.start.ayah, to: range.end.ayah };
  return {
    kind: "across",
    start: { surah: name(range.start.surah), ayah: range.start.ayah },
    end: { surah: name(range.end.surah), ayah: range.end.ayah },
  };
}
