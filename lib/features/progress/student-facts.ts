import type { AttendanceRow, Session } from "@/lib/contract";
import { schoolDayOf, type MapRecitation } from "./quran-map";

/** One point of the rating trend: the mean rating of a school day's recitations. */
export type TrendPoint = { day: string; mean: number; count: number };

/** The rating trend: per school day with recitations, the mean rating, oldest first, the last `limit` days. */
export function ratingTrend(recitations: readonly Pick<MapRecitation, "rating" | "recorded_at">[], timeZone: string, limit = 30): TrendPoint[] {
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

export type AttendanceHistory = readonly { session: Pick<Session, "id" | "date" | "starts_at" | "status">; row: Pick<AttendanceRow, "status"> | null }[];

/** A run of the same kind at the newest end of the history. */
export type Streak = { kind: "attended" | "missed"; sessions: number } | null;

export type AttendanceFacts = {
  /** Ended sessions whose mark counts: present, late or absent (excused and unmarked are left out). */
  counted: number;
  attended: number;
  missed: number;
  excused: number;
  unmarked: number;
  /** attended ÷ counted, or null with nothing counted. */
  rate: number | null;
  streak: Streak;
};

const ATTENDED = new Set(["present", "late"]);

/**
 * Attendance rate and current streak over a student's sessions (docs/progress.md): only ended
 * sessions count; present and late are attended, absent is missed; excused and unmarked sessions
 * neither count nor break a streak. The streak is the run of attended (or missed) sessions at the
 * newest end.
 */
export function attendanceFacts(history: AttendanceHistory): AttendanceFacts {
  const ended = history.filter(({ session }) => session.status === "ended").toSorted((a, b) => b.session.starts_at.localeCompare(a.session.starts_at));
  let attended = 0;
  let missed = 0;
  let excused = 0;
  let unmarked = 0;
  let streak: Streak = null;
  let streakOpen = true;
  for (const { row } of ended) {
    const status = row?.status;
    if (!status) unmarked++;
    else if (status === "excused") excused++;
    else {
      const kind = ATTENDED.has(status) ? "attended" : "missed";
      if (kind === "attended") attended++;
      else missed++;
      if (streakOpen) {
        if (!streak) streak = { kind, sessions: 1 };
        else if (streak.kind === kind) streak.sessions++;
        else streakOpen = false;
      }
    }
  }
  const counted = attended + missed;
  return { counted, attended, missed, excused, unmarked, rate: counted === 0 ? null : attended / counted, streak };
}
