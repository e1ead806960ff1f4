import type { LearningPlan, WorkloadTrack } from "@/lib/contract";
import { SURAHS, type QuranPoint } from "@/lib/quran";

/** Ayahs before each surah in mushaf order, so a point becomes one number (1 … 6236). */
const AYAHS_BEFORE: readonly number[] = SURAHS.reduce<number[]>((before, surah, index) => {
  before.push(index === 0 ? 0 : before[index - 1]! + SURAHS[index - 1]!.ayah_count);
  return before;
}, []);

export function ayahIndex(point: QuranPoint): number {
  return (AYAHS_BEFORE[point.surah - 1] ?? 0) + point.ayah;
}

/**
 * How far a track has come on the plan's way from its start to its destination, 0 … 1, read from
 * the track's next position (a descending plan walks the mushaf backwards). A completed track is
 * 1; a track without a next position has not begun. Positions outside the way are clamped.
 */
export function trackProgress(
  plan: Pick<LearningPlan, "start_position" | "destination_position" | "direction">,
  track: Pick<WorkloadTrack, "next_position" | "completed_at">,
): number {
  if (track.completed_at) return 1;
  if (!track.next_position) return 0;
  const start = ayahIndex(plan.start_position);
  const end = ayahIndex(plan.destination_position);
  const next = ayahIndex(track.next_position);
  const total = Math.abs(end - start);
  if (total === 0) return 0;
  const done = plan.direction === "descending" ? start - next : next - start;
  return Math.min(Math.max(done / total, 0), 1);
}
