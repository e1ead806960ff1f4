import type { RatingLevel, Recitation, Surah } from "@/lib/contract";
import type { Locale } from "@/lib/i18n/core";

export function newestRecitationsFirst<T extends Pick<Recitation, "recorded_at" | "id">>(recitations: readonly T[]): T[] {
  return recitations.toSorted((a, b) => b.recorded_at.localeCompare(a.recorded_at) || b.id.localeCompare(a.id));
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
export type RangeView = { kind: "within"; surah: SurahName; from: number; to: number } | { kind: "across"; start: RangeEnd; end: RangeEnd };

export function describeRange(range: Recitation["range"], surahs: ReadonlyMap<number, SurahName>): RangeView {
  const name = (number: number): SurahName => surahs.get(number) ?? { number, name_arabic: String(number), name_transliteration: String(number) };
  if (range.start.surah === range.end.surah) return { kind: "within", surah: name(range.start.surah), from: range.start.ayah, to: range.end.ayah };
  return { kind: "across", start: { surah: name(range.start.surah), ayah: range.start.ayah }, end: { surah: name(range.end.surah), ayah: range.end.ayah } };
}
