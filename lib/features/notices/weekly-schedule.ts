import { addDays, dateIn, zonedDateTimeToUtc } from "@/lib/dates";

/**
 * Which week's summary is due (issue 24, point 4): the week is the seven school days ending on the
 * school's sending day (default Thursday, 16:00 school time). Pure.
 */
export type Week = { from: string; to: string };

export const weekEnding = (to: string): Week => ({ from: addDays(to, -6), to });

/** The week whose summary is due at `now`, or null: after this week's sending moment, within a day of it, not yet sent. */
export function dueWeek(
  settings: { weeklyDay: number; weeklyTime: string },
  timeZone: string,
  now: Date,
  lastSent: string | null,
): Week | null {
  const today = dateIn(timeZone, now);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const sendDate = addDays(today, -((weekday - settings.weeklyDay + 7) % 7));
  const moment = new Date(zonedDateTimeToUtc(sendDate, settings.weeklyTime, timeZone));
  if (now < moment || now.getTime() - moment.getTime() > 24 * 60 * 60_000 || lastSent === sendDate) return null;
  return weekEnding(sendDate);
}
