/**
 * Weak passages (issue 29, point 2): where a student's mistakes recur across recitations, and where
 * the students of a halqa stumble. Staff only: built from the teachers' mistake detail, which no family
 * view, message, summary or report card reads (docs/progress.md, "Weak passages"). Pure.
 */
import { pageOf } from "@/lib/quran";
import { daysBetween } from "@/lib/features/progress/quran-map";
import type { QuranPoint } from "@/lib/features/live/types";

/** A placed mistake as the store keeps it (lib/features/notebook/store.ts), with its school day. */
export type PlacedMistake = { recitationId: string; studentId: string; type: string; at: QuranPoint; day: string };

export type WeakAyah = {
  at: QuranPoint;
  page: number;
  /** Mistakes placed on it, and in how many recitations. */
  mistakes: number;
  recitations: number;
  /** Students who stumbled on it (a halqa's view). */
  students: number;
  lastDay: string;
  byType: Record<string, number>;
  /** Count weighed by recency: a mistake a cycle ago weighs half. */
  score: number;
};

/** A mistake this many days old weighs half of one made today. */
export const HALF_LIFE_DAYS = 30;
export const WEAK_LIMIT = 10;

/**
 * Ayahs where mistakes recur: placed mistakes in at least `minRecitations` recitations (a student: 2,
 * a slip heard once is not a weak passage yet; a halqa: 2 students), by recency-weighed count.
 */
export function weakAyahs(
  mistakes: readonly PlacedMistake[],
  today: string,
  options: { minRecitations?: number; minStudents?: number; limit?: number } = {},
): WeakAyah[] {
  const byAyah = new Map<
    string,
    { at: QuranPoint; recs: Set<string>; students: Set<string>; items: PlacedMistake[] }
  >();
  for (const m of mistakes) {
    const key = `${m.at.surah}:${m.at.ayah}`;
    const entry =
      byAyah.get(key) ?? byAyah.set(key, { at: m.at, recs: new Set(), students: new Set(), items: [] }).get(key)!;
    entry.recs.add(m.recitationId);
    entry.students.add(m.studentId);
    entry.items.push(m);
  }
  const weak: WeakAyah[] = [];
  for (const { at, recs, students, items } of byAyah.values()) {
    if (recs.size < (options.minRecitations ?? 2) || students.size < (options.minStudents ?? 1)) continue;
    const byType: Record<string, number> = {};
    let score = 0;
    let lastDay = "";
    for (const m of items) {
      byType[m.type] = (byType[m.type] ?? 0) + 1;
      score += 0.5 ** (daysBetween(m.day, today) / HALF_LIFE_DAYS);
      if (m.day > lastDay) lastDay = m.day;
    }
    weak.push({
      at,
      page: pageOf(at),
      mistakes: items.length,
      recitations: recs.size,
      students: students.size,
      lastDay,
      byType,
      score,
    });
  }
  return weak
    .sort((a, b) => b.score - a.score || a.at.surah - b.at.surah || a.at.ayah - b.at.ayah)
    .slice(0, options.limit ?? WEAK_LIMIT);
}
