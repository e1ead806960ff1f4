/** An attendance row with the start of its session. */
export type TimedMark = { date: string; startsAt: string };

/**
 * Which rows need their time of day: those of a day that has more than one session, so two
 * sessions of one day never read as the same row twice.
 */
export function daysWithSeveralSessions(marks: readonly TimedMark[]): Set<string> {
  const seen = new Map<string, number>();
  for (const mark of marks) seen.set(mark.date, (seen.get(mark.date) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([date]) => date));
}
