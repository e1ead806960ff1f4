/** Calendar helpers for seeding: dates are `YYYY-MM-DD` in a school's time zone. */
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

function wallClock(at: Date, timeZone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return parts;
}

/** Milliseconds the zone's wall clock is ahead of UTC at that instant. */
function zoneOffset(at: Date, timeZone: string): number {
  const p = wallClock(at, timeZone);
  const asUtc = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

export function localDate(at: Date, timeZone: string): string {
  const p = wallClock(at, timeZone);
  const pad = (n: number | undefined, width = 2) => String(n ?? 0).padStart(width, "0");
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const instants = new Map<string, number>();

/** The instant a wall-clock time (`HH:MM`) on a date occurs in a time zone. */
export function zonedTime(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone}|${date}|${time}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    const guess = new Date(`${date}T${time}:00.000Z`).getTime();
    const first = guess - zoneOffset(new Date(guess), timeZone);
    instant = guess - zoneOffset(new Date(first), timeZone);
    // Generating a large school asks for the same few hundred dates again and again.
    if (instants.size > 50_000) instants.clear();
    instants.set(key, instant);
  }
  return new Date(instant);
}

export const addMinutes = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

export const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
export const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
