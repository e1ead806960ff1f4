import type { Recitation } from "@/lib/contract";
import { daysBetween } from "./attention";
import { juzCoverage } from "@/lib/quran/cover";
import { currencyOf, type Currency } from "./quran-map";

/**
 * Revision currency (issue 15): for each student and juz, the school date of the latest session in
 * which the student recited any part of that juz (any kind: new memorisation, recent or old
 * revision — every recitation is the teacher hearing that part), and how long ago that was.
 */
export type CurrencyBucket = "fresh" | "month" | "older" | "never";

export type JuzCurrency = {
  juz: number;
  lastHeard: string | null;
  days: number | null;
  bucket: CurrencyBucket;
  rating: number | null;
};

export const JUZ_COUNT = 30;
const BUCKETS: Record<Currency, CurrencyBucket> = { week: "fresh", month: "month", older: "older", never: "never" };

/**
 * A juz's colour on the halqa's heat map: the student's Quran map's own (`currencyOf`: the last 7
 * days, the last 30, longer ago, never), so one colour means one thing on every map (issue 58.15).
 * The school's "not heard in N days" is who needs attention, not a colour.
 */
export function bucketOf(days: number | null): CurrencyBucket {
  return BUCKETS[currencyOf(days)];
}

/** Each student's 30 juz, in order, from their recitations (dated by their session's school date). */
export function revisionCurrency(
  recitations: readonly Pick<Recitation, "student_id" | "session_id" | "range" | "rating" | "recorded_at">[],
  sessionDates: ReadonlyMap<string, string>,
  today: string,
): Map<string, JuzCurrency[]> {
  const latest = new Map<string, Map<number, { date: string; at: string; rating: number }>>();
  for (const r of recitations) {
    const date = sessionDates.get(r.session_id);
    if (!date) continue;
    const own = latest.get(r.student_id) ?? latest.set(r.student_id, new Map()).get(r.student_id)!;
    for (const { unit } of juzCoverage(r.range)) {
      const known = own.get(unit);
      if (!known || date > known.date || (date === known.date && r.recorded_at > known.at))
        own.set(unit, { date, at: r.recorded_at, rating: r.rating });
    }
  }
  const result = new Map<string, JuzCurrency[]>();
  for (const [studentId, own] of latest) result.set(studentId, cellsOf(own, today));
  return result;
}

/** The 30 cells of a student never heard. */
export function emptyCurrency(): JuzCurrency[] {
  return cellsOf(new Map(), "");
}

function cellsOf(own: Map<number, { date: string; rating: number }>, today: string): JuzCurrency[] {
  return Array.from({ length: JUZ_COUNT }, (_, i) => {
    const heard = own.get(i + 1);
    const days = heard ? Math.max(0, daysBetween(heard.date, today)) : null;
    return {
      juz: i + 1,
      lastHeard: heard?.date ?? null,
      days,
      bucket: bucketOf(days),
      rating: heard?.rating ?? null,
    };
  });
}

/**
 * A halqa's revision currency (the overview, issue 25): of the juz its students have been heard in
 * (cells not "never"), the share heard within the last 30 days (`CURRENCY_DAYS.month`: "fresh" or "month"). Null
 * when no juz was heard.
 */
export function currentShare(students: readonly (readonly JuzCurrency[])[]): number | null {
  let heard = 0;
  let current = 0;
  for (const cells of students) {
    for (const cell of cells) {
      if (cell.bucket === "never") continue;
      heard++;
      if (cell.bucket === "fresh" || cell.bucket === "month") current++;
    }
  }
  return heard === 0 ? null : current / heard;
}
