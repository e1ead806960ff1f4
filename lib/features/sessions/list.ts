import { SESSION_STATUSES, type AttendanceRow, type Recitation, type Semester, type Session } from "@/lib/contract";
import { can, type Subject } from "@/lib/authz/policy";
import { addDays, isCalendarDate } from "@/lib/dates";

export type SessionStatus = (typeof SESSION_STATUSES)[number];

type Ordered = Pick<Session, "date" | "starts_at"> & Partial<Pick<Session, "created_at" | "id">>;

/**
 * Newest first: by date, then start time, then creation when known, then id (byte order: a fixed
 * tie-break, not a meaning; the API lists in creation order, by id in the embedded API). The
 * progress store orders its sessions list the same way (lib/features/progress/session-list-reads.ts).
 */
export function compareNewestFirst(a: Ordered, b: Ordered): number {
  const created = (session: Ordered) => (session.created_at ? Date.parse(session.created_at) : 0);
  return (
    b.date.localeCompare(a.date) ||
    Date.parse(b.starts_at) - Date.parse(a.starts_at) ||
    created(b) - created(a) ||
    (a.id === undefined || b.id === undefined || a.id === b.id ? 0 : a.id < b.id ? -1 : 1)
  );
}

export function sortNewestFirst<T extends Ordered>(sessions: readonly T[]): T[] {
  return [...sessions].sort(compareNewestFirst);
}

/** The sessions this person may see; the API returns the whole school's. */
export function visibleSessions<T extends Pick<Session, "halqa_id" | "sheikh_id">>(
  subject: Subject,
  sessions: readonly T[],
): T[] {
  return sessions.filter((session) => can.viewSession(subject, session));
}

export const DEFAULT_RANGE_DAYS = 30;

export type SessionFilters = {
  halqaId: string | null;
  from: string;
  to: string;
  status: SessionStatus | null;
};

type SearchParams = Record<string, string | string[] | undefined>;

function single(params: SearchParams, name: string): string | undefined {
  const value = params[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

/**
 * The default range: the last 30 days up to today, or up to the semester's end for a semester
 * that is over (an archived semester shows its last month, not an empty today).
 */
export function defaultRange(
  today: string,
  semester: Pick<Semester, "starts_on" | "ends_on"> | null,
): { from: string; to: string } {
  const to = semester && semester.ends_on < today ? semester.ends_on : today;
  return { from: addDays(to, -DEFAULT_RANGE_DAYS), to };
}

/**
 * Filters from the URL. Anything malformed is ignored rather than refused: the page shows the
 * default instead. A range given backwards is turned around.
 */
export function parseSessionFilters(params: SearchParams, range: { from: string; to: string }): SessionFilters {
  const halqa = single(params, "halqa");
  const status = single(params, "status");
  const fromParam = single(params, "from");
  const toParam = single(params, "to");
  let from = isCalendarDate(fromParam) ? fromParam : range.from;
  let to = isCalendarDate(toParam) ? toParam : range.to;
  if (from > to) [from, to] = [to, from];
  return {
    halqaId: halqa ?? null,
    from,
    to,
    status: (SESSION_STATUSES as readonly string[]).includes(status ?? "") ? (status as SessionStatus) : null,
  };
}

export type SessionSummary = {
  present: number;
  absent: number;
  late: number;
  excused: number;
  marked: number;
  recitations: number;
};

/** Counts for a session's summary. Unknown attendance states are counted as marked only. */
export function summarize(
  attendance: readonly Pick<AttendanceRow, "status">[],
  recitations: readonly unknown[] = [],
): SessionSummary {
  const summary: SessionSummary = {
    present: 0,
    absent: 0,
    late: 0,
    excused: 0,
    marked: attendance.length,
    recitations: recitations.length,
  };
  for (const row of attendance) {
    if (row.status === "present" || row.status === "absent" || row.status === "late" || row.status === "excused")
      summary[row.status] += 1;
  }
  return summary;
}

/** Recitations in the order they were recorded. */
export function sortRecitations<T extends Pick<Recitation, "recorded_at">>(recitations: readonly T[]): T[] {
  return [...recitations].sort((a, b) => Date.parse(a.recorded_at) - Date.parse(b.recorded_at));
}
