import { AUDIT_OUTCOMES, isAuditAction, type AuditAction, type AuditOutcome } from "./audit-actions";

/** The audit log's filters, as the URL carries them (`?person=&action=&from=&to=&outcome=`). */
export type AuditFilters = {
  person?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
  outcome?: AuditOutcome;
};

/** Where an older page starts: entries before this time, or at this time with a smaller id. */
export type AuditCursor = { before: Date; beforeId?: string };

type Params = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Arabic-Indic and Persian digits as Latin ones: a day typed on an Arabic keyboard reads the same. */
const latinDigits = (value: string) =>
  value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String((digit.codePointAt(0)! & 0xf) % 10));

export function validDay(raw: string | undefined): string | undefined {
  const value = raw === undefined ? undefined : latinDigits(raw.trim());
  if (!value || !DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

/** The filters of a request; anything malformed or unknown is dropped (the unfiltered log, never an error). */
export function parseAuditFilters(params: Params): AuditFilters {
  const person = first(params.person);
  const action = first(params.action);
  const outcome = first(params.outcome);
  const filters: AuditFilters = {};
  if (person && ID.test(person)) filters.person = person;
  if (action && isAuditAction(action)) filters.action = action;
  if (outcome && (AUDIT_OUTCOMES as readonly string[]).includes(outcome)) filters.outcome = outcome as AuditOutcome;
  const from = validDay(first(params.from));
  const to = validDay(first(params.to));
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

/** `?before=…&beforeId=…` as a cursor, or nothing: a malformed value shows the newest page rather than an error. */
export function parseCursor(params: Params): AuditCursor | undefined {
  const before = first(params.before);
  if (!before) return undefined;
  const date = new Date(before);
  if (Number.isNaN(date.getTime())) return undefined;
  const beforeId = first(params.beforeId);
  return beforeId && ID.test(beforeId) ? { before: date, beforeId } : { before: date };
}

/** A query string of the filters (and a page cursor), empty values left out. */
export function auditQuery(filters: AuditFilters, cursor?: AuditCursor): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (cursor) {
    search.set("before", cursor.before.toISOString());
    if (cursor.beforeId) search.set("beforeId", cursor.beforeId);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The instant a school day begins in the school's time zone (DST-safe: the offset is read at that instant). */
export function dayStartIn(day: string, timeZone: string | null): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  if (!timeZone) return new Date(guess);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(instant);
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - instant;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** The filters' date range as instants: from the start of `from` to before the start of the day after `to`, in the school's zone. */
export function auditRange(filters: AuditFilters, timeZone: string | null): { from?: Date; until?: Date } {
  const range: { from?: Date; until?: Date } = {};
  if (filters.from) range.from = dayStartIn(filters.from, timeZone);
  if (filters.to) {
    const next = new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    range.until = dayStartIn(next, timeZone);
  }
  return range;
}
