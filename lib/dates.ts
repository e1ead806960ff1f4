/**
 * Calendar dates and times in a time zone, shared by the dashboard and the embedded API's seeds.
 * Session dates are `YYYY-MM-DD` in the school's zone and start times are UTC instants; a zone's
 * wall clock is read through `Intl`, and the browser's or machine's own zone never enters into it.
 * Pure: no I/O, safe on either side.
 */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of a time zone at an instant. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour") % 24,
    minute: get("minute"),
    second: get("second"),
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (east positive). */
export function zoneOffset(instant: number, timeZone: string): number {
  const p = wallClock(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

export const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar date of a wall clock. */
export const dateOf = (p: WallClock) => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isTimeOfDay(value: unknown): value is string {
  return typeof value === "string" && TIME_OF_DAY.test(value);
}

/** The calendar date of an instant in a time zone. */
export function dateIn(timeZone: string, instant: Date = new Date()): string {
  return dateOf(wallClock(instant, timeZone));
}

/** `HH:MM` of an instant in a time zone (for a time input's value). */
export function timeOfDayIn(timeZone: string, instant: Date | string): string {
  const p = wallClock(typeof instant === "string" ? new Date(instant) : instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

export function addDays(date: string, days: number): string {
  const match = CALENDAR_DATE.exec(date);
  if (!match) throw new RangeError(`not a calendar date: ${date}`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/**
 * The UTC instant of a wall-clock date and time in a time zone, as an ISO timestamp.
 * Across a daylight-saving change the offset after the change wins.
 */
export function zonedDateTimeToUtc(date: string, time: string, timeZone: string): string {
  const dateMatch = CALENDAR_DATE.exec(date);
  const timeMatch = TIME_OF_DAY.exec(time);
  if (!dateMatch || !timeMatch) throw new RangeError(`not a date and time: ${date} ${time}`);
  const [, y, m, d] = dateMatch.map(Number) as [number, number, number, number];
  const [, hh, mm] = timeMatch.map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let instant = wall - zoneOffset(wall, timeZone);
  // A second pass settles instants whose offset differs from the wall clock's guess (DST edges).
  instant = wall - zoneOffset(instant, timeZone);
  return new Date(instant).toISOString();
}
