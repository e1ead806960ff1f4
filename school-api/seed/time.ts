import { dateIn, zoneOffset } from "@/lib/dates";

export { addDays } from "@/lib/dates";

/** Calendar helpers for seeding: dates are `YYYY-MM-DD` in a school's time zone (lib/dates.ts reads the zone's clock). */
export const localDate = (at: Date, timeZone: string): string => dateIn(timeZone, at);

const instants = new Map<string, number>();

/** The instant a wall-clock time (`HH:MM`) on a date occurs in a time zone. */
export function zonedTime(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone}|${date}|${time}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    const guess = new Date(`${date}T${time}:00.000Z`).getTime();
    const first = guess - zoneOffset(guess, timeZone);
    instant = guess - zoneOffset(first, timeZone);
    // Generating a large school asks for the same few hundred dates again and again.
    if (instants.size > 50_000) instants.clear();
    instants.set(key, instant);
  }
  return new Date(instant);
}

export const addMinutes = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

export const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
export const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
