import { addDays } from "@/lib/dates";

/** A report's period: school dates, inclusive. */
export type Period = { kind: "month" | "last-month" | "term" | "custom"; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The longest period a report covers: a little over a school year. */
export const MAX_PERIOD_DAYS = 400;

const isDay = (value: unknown): value is string =>
  typeof value === "string" &&
  DAY.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

function monthOf(day: string): { from: string; to: string } {
  const from = `${day.slice(0, 7)}-01`;
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * The period a report asks for (`?period=month|last-month|term` or `?from=…&to=…`), else this
 * month. A term is the semester's dates. A custom period with bad dates, reversed, or longer than
 * MAX_PERIOD_DAYS falls back to this month, and the page says which period it shows.
 */
export function periodOf(
  query: { period?: string; from?: string; to?: string },
  today: string,
  term: { starts_on: string; ends_on: string } | null,
): Period {
  if (query.period === "last-month") return { kind: "last-month", ...monthOf(addDays(monthOf(today).from, -1)) };
  if (query.period === "term" && term) return { kind: "term", from: term.starts_on, to: term.ends_on };
  if (query.period === "custom" || (query.from && query.to)) {
    const { from, to } = query;
    if (isDay(from) && isDay(to) && from <= to && addDays(from, MAX_PERIOD_DAYS) >= to)
      return { kind: "custom", from, to };
  }
  return { kind: "month", ...monthOf(today) };
}

export const inPeriod = (day: string, period: Pick<Period, "from" | "to">) => period.from <= day && day <= period.to;
