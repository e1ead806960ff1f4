import { schoolDayOf, type MapRecitation } from "./quran-map";

/** One point of the rating trend: the mean rating of a school day's recitations. */
export type TrendPoint = { day: string; mean: number; count: number };

/** The rating trend: per school day with recitations, the mean rating, oldest first, the last `limit` days. */
export function ratingTrend(
  recitations: readonly Pick<MapRecitation, "rating" | "recorded_at">[],
  timeZone: string,
  limit = 30,
): TrendPoint[] {
  const days = new Map<string, { sum: number; count: number }>();
  for (const recitation of recitations) {
    const day = schoolDayOf(recitation.recorded_at, timeZone);
    const entry = days.get(day) ?? { sum: 0, count: 0 };
    entry.sum += recitation.rating;
    entry.count++;
    days.set(day, entry);
  }
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(-limit)
    .map(([day, { sum, count }]) => ({ day, mean: sum / count, count }));
}
