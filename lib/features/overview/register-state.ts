import type { Session } from "@/lib/contract";
import type { SessionSummary } from "@/lib/features/sessions/list";
import { zonedDateTimeToUtc } from "@/lib/dates";
import { meetsOn, type Timetable } from "@/lib/features/timetable/rules";

/**
 * Where a timetabled halqa's register stands on a school date (issue 25): the overview's Today, its
 * teachers' "registers missing this week" and the missing-register reminders all ask this one
 * function, so they never disagree.
 *
 * - `taken`: a session of the day has every expected student marked (expected: the halqa's active
 *   students enrolled by that date; a halqa without students is taken once a session exists).
 * - `in_progress`: a session exists, students are still unmarked, and it is not yet 20 minutes past
 *   the timetabled start.
 * - `not_started`: no session yet, and not yet 20 minutes past the start.
 * - `missing`: 20 minutes past the timetabled start, no session, or a session with unmarked students.
 * - `not_meeting`: the timetable has no meeting that weekday and no session was held.
 */
export const MISSING_AFTER_MINUTES = 20;

export type DaySession = Pick<Session, "id" | "status" | "starts_at" | "sheikh_id"> & {
  counts: Pick<SessionSummary, "present" | "absent" | "late" | "excused" | "marked">;
};

export type RegisterState =
  | { kind: "taken"; session: DaySession }
  | { kind: "in_progress"; session: DaySession; unmarked: number }
  | { kind: "not_started"; dueAt: string }
  | { kind: "missing"; session: DaySession | null; unmarked: number; startsAt: string }
  | { kind: "not_meeting" };

export type RegisterInput = {
  timetable: Pick<Timetable, "weekdays" | "startsAt">;
  /** The school date judged (YYYY-MM-DD). */
  date: string;
  timeZone: string;
  now: Date;
  /** The halqa's sessions of that date. */
  sessions: readonly DaySession[];
  /** Students expected on the register. */
  expected: number;
};

/** The instant a timetabled start of a date is, and when its register counts as missing. */
export function startOf(
  timetable: Pick<Timetable, "startsAt">,
  date: string,
  timeZone: string,
): { startsAt: string; dueAt: string } {
  const startsAt = zonedDateTimeToUtc(date, timetable.startsAt, timeZone);
  return { startsAt, dueAt: new Date(Date.parse(startsAt) + MISSING_AFTER_MINUTES * 60_000).toISOString() };
}

export function registerState(input: RegisterInput): RegisterState {
  // The session with the most marks stands for the day (a second one started by mistake stays empty).
  const session =
    input.sessions.toSorted(
      (a, b) => b.counts.marked - a.counts.marked || b.starts_at.localeCompare(a.starts_at) || a.id.localeCompare(b.id),
    )[0] ?? null;
  if (!meetsOn(input.timetable, input.date) && !session) return { kind: "not_meeting" };
  const { startsAt, dueAt } = startOf(input.timetable, input.date, input.timeZone);
  const due = input.now.getTime() >= Date.parse(dueAt);
  if (!session)
    return due
      ? { kind: "missing", session: null, unmarked: input.expected, startsAt }
      : { kind: "not_started", dueAt };
  const unmarked = Math.max(0, input.expected - session.counts.marked);
  if (unmarked === 0) return { kind: "taken", session };
  return due ? { kind: "missing", session, unmarked, startsAt } : { kind: "in_progress", session, unmarked };
}
