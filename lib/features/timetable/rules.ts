import type { Session } from "@/lib/contract";
import { addDays, isTimeOfDay, timeOfDayIn } from "@/lib/dates";

/**
 * The timetable of halqas (issue 25), pure: what a timetable is, when a halqa meets on a day, and
 * the suggestion made from a halqa's recent sessions. Weekdays are ISO (1 Monday … 7 Sunday); times
 * are `HH:MM` on the school's wall clock.
 */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type Timetable = { weekdays: Weekday[]; startsAt: string; endsAt: string | null };

/** How far back the suggestion looks, and how often a weekday must have met in that time to be suggested. */
export const SUGGESTION_DAYS = 28;
export const SUGGESTION_MIN_MEETINGS = 2;

export const isWeekday = (value: number): value is Weekday => Number.isInteger(value) && value >= 1 && value <= 7;

/** The ISO weekday of a school date (YYYY-MM-DD). */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Why a timetable is not valid, as a field and a reason; null when it is. */
export function timetableProblem(
  t: Timetable,
): { field: "weekdays" | "startsAt" | "endsAt"; reason: "noWeekday" | "time" | "endBeforeStart" } | null {
  if (t.weekdays.length === 0 || !t.weekdays.every(isWeekday)) return { field: "weekdays", reason: "noWeekday" };
  if (!isTimeOfDay(t.startsAt)) return { field: "startsAt", reason: "time" };
  if (t.endsAt !== null && !isTimeOfDay(t.endsAt)) return { field: "endsAt", reason: "time" };
  if (t.endsAt !== null && minutesOf(t.endsAt) <= minutesOf(t.startsAt))
    return { field: "endsAt", reason: "endBeforeStart" };
  return null;
}

/** A timetable with its weekdays in order and without repeats (what is stored). */
export function normalised(t: Timetable): Timetable {
  return { ...t, weekdays: [...new Set(t.weekdays)].sort((a, b) => a - b) };
}

export const meetsOn = (t: Pick<Timetable, "weekdays">, date: string): boolean => t.weekdays.includes(weekdayOf(date));

/**
 * The suggestion for a halqa without a timetable: from its sessions dated in the four weeks before
 * today (today's, still changing, are left out), the weekdays on which it met at least twice, and the median start (school
 * time) of the sessions on those weekdays — the lower middle one of an even count, so the suggested
 * time is one the halqa really started at. Null when no weekday met twice.
 */
export function suggestTimetable(
  sessions: readonly Pick<Session, "date" | "starts_at">[],
  today: string,
  timeZone: string,
): Timetable | null {
  const from = addDays(today, -SUGGESTION_DAYS);
  const recent = sessions.filter((s) => s.date >= from && s.date < today);
  const dates = new Map<Weekday, Set<string>>();
  for (const s of recent) {
    const day = weekdayOf(s.date);
    (dates.get(day) ?? dates.set(day, new Set()).get(day)!).add(s.date);
  }
  const weekdays = WEEKDAYS.filter((day) => (dates.get(day)?.size ?? 0) >= SUGGESTION_MIN_MEETINGS);
  if (weekdays.length === 0) return null;
  const starts = recent
    .filter((s) => weekdays.includes(weekdayOf(s.date)))
    .map((s) => minutesOf(timeOfDayIn(timeZone, s.starts_at)))
    .sort((a, b) => a - b);
  const median = starts[Math.floor((starts.length - 1) / 2)]!;
  return { weekdays: [...weekdays], startsAt: timeOf(median), endsAt: null };
}
