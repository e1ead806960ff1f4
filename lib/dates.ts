/**
 * Calendar arithmetic in the school's time zone. Session dates are `YYYY-MM-DD` in that zone and
 * start times are UTC instants; the browser's own zone never enters into it.
 */
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

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function partsIn(instant: Date, timeZone: string): Parts {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute"), second: get("second") };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar date of an instant in a time zone. */
export function dateIn(timeZone: string, instant: Date = new Date()): string {
  const p = partsIn(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** `HH:MM` of an instant in a time zone (for a time input's value). */
export function timeOfDayIn(timeZone: string, instant: Date | string): string {
  const p = partsIn(typeof instant === "string" ? new Date(instant) : instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

export function addDays(date: string, days: number): string {
  const match = CALENDAR_DATE.exec(date);
  if (!match) throw new RangeError(`not a calendar date: ${date}`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** Offset of a time zone from UTC at an instant, in milliseconds (east positive). */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
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
  let instant = wall - offsetAt(wall, timeZone);
  // A second pass settles instants whose offset differs from the wall clock's guess (DST edges).
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}
