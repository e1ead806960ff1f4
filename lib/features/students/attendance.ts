import { ATTENDANCE_STATUSES, type AttendanceRow, type Session } from "@/lib/contract";
import { sortNewestFirst } from "@/lib/features/sessions/list";

/**
 * Attendance is read per session, so the student page reads only the most recent sessions of the
 * student's halqa: at most this many attendance calls, made concurrently.
 */
export const RECENT_SESSION_LIMIT = 10;

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export type AttendanceSummary = {
  /** Sessions counted. */
  sessions: number;
  counts: Record<AttendanceStatus, number>;
  /** Counted sessions with no row for the student (not marked yet). */
  unmarked: number;
};

export function recentSessions<T extends Pick<Session, "date" | "starts_at">>(sessions: readonly T[], limit = RECENT_SESSION_LIMIT): T[] {
  return sortNewestFirst(sessions).slice(0, limit);
}

/** Counts per status of one student's rows over the given sessions; rows of other students or sessions are ignored. */
export function summarizeAttendance(
  sessionIds: readonly string[],
  rows: readonly Pick<AttendanceRow, "session_id" | "student_id" | "status">[],
  studentId: string,
): AttendanceSummary {
  const counted = new Set(sessionIds);
  const counts = Object.fromEntries(ATTENDANCE_STATUSES.map((status) => [status, 0])) as Record<AttendanceStatus, number>;
  const marked = new Set<string>();
  for (const row of rows) {
    if (row.student_id !== studentId || !counted.has(row.session_id) || marked.has(row.session_id)) continue;
    marked.add(row.session_id);
    counts[row.status] += 1;
  }
  return { sessions: counted.size, counts, unmarked: counted.size - marked.size };
}
