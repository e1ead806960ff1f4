/**
 * Calendar arithmetic in a time zone, shared by the dashboard and the embedded API's seeds: dates
 * are `YYYY-MM-DD`, instants are UTC, and a zone's wall clock is read through `Intl` (never the
 * machine's own zone). Pure: no I/O, safe on either side.
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
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute"), second: get("second") };
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
