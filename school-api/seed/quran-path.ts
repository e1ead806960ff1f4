import type { QuranRange } from "@/lib/contract";
import { SURAH_COUNT, surahInfo, type QuranPoint } from "@/lib/quran";

/** Walks the mushaf the way a memorization plan does, producing only ranges of real ayahs. */
export type Direction = "ascending" | "descending";

export function ayahCount(surah: number): number {
  const info = surahInfo(surah);
  if (!info) throw new Error(`no surah ${surah}`);
  return info.ayah_count;
}

export function surahName(surah: number): string {
  return surahInfo(surah)?.name_transliteration ?? `Surah ${surah}`;
}

/**
 * The next `count` ayahs from `from`, staying inside its surah (a portion never straddles two
 * surahs), and the point after them in the plan's direction, or null at the end of the mushaf.
 */
export function takeAyahs(
  from: QuranPoint,
  count: number,
  direction: Direction,
): { range: QuranRange; next: QuranPoint | null } {
  const last = ayahCount(from.surah);
  const endAyah = Math.min(from.ayah + Math.max(1, count) - 1, last);
  const range = { start: { ...from }, end: { surah: from.surah, ayah: endAyah } };
  if (endAyah < last) return { range, next: { surah: from.surah, ayah: endAyah + 1 } };
  const surah = direction === "ascending" ? from.surah + 1 : from.surah - 1;
  return { range, next: surah >= 1 && surah <= SURAH_COUNT ? { surah, ayah: 1 } : null };
}

/** A short portion somewhere inside a surah, for revision and recitation records. */
export function portionOf(surah: number, startAyah: number, length: number): QuranRange {
  const last = ayahCount(surah);
  const start = Math.min(Math.max(1, startAyah), last);
  return { start: { surah, ayah: start }, end: { surah, ayah: Math.min(last, start + Math.max(1, length) - 1) } };
}

export function describeRange(range: QuranRange): string {
  const { start, end } = range;
  if (start.surah === end.surah) {
    if (start.ayah === 1 && end.ayah === ayahCount(end.surah)) return `all of ${surahName(start.surah)}`;
    return start.ayah === end.ayah
      ? `${surahName(start.surah)} ${start.ayah}`
      : `${surahName(start.surah)} ${start.ayah}–${end.ayah}`;
  }
  return `${surahName(start.surah)} ${start.ayah} – ${surahName(end.surah)} ${end.ayah}`;
}
