import type { AttendanceRow, Recitation, Session, Student } from "@/lib/contract";
import { addDays } from "@/lib/dates";
import { attendanceFacts, attendanceWindow } from "./figures";

/**
 * "Needs attention" (issue 15; docs/progress.md): a pure computation over a halqa's records, so a
 * page, an export and a test that fetched the same records from the API all get the same answer.
 *
 * A student is expected at every ended session of their halqa dated on or after their enrolment
 * (`enrolled_on`, when given). Absences are counted by `attendanceFacts` over `attendanceWindow`
 * (figures.ts), as on every other page: a marked session counts, open or ended.
 *
 * - `not_heard`: no recitation in a session dated within the last N days (N per school, default 7),
 *   or none at all, while expected at a session in that time.
 * - `falling_ratings`: over the student's last 4 sessions with recitations, the session's mean
 *   rating (as a position on the school's scale) never rises and ends at least one level below
 *   where it began.
 * - `absence_streak`: the latest 2 or more counted sessions in a row were missed.
 * - `chronic_absence`: missed ≥ 10% of counted sessions, over at least 5 counted sessions.
 */

export const FALLING_SESSIONS = 4;
export const STREAK_MIN = 2;
export const CHRONIC_RATE = 0.1;
export const CHRONIC_MIN_SESSIONS = 5;
export const DEFAULT_NOT_HEARD_DAYS = 7;

export type AttentionReason =
  | { kind: "not_heard"; lastHeard: string | null; days: number | null }
  | { kind: "falling_ratings"; ratings: number[] }
  | { kind: "absence_streak"; sessions: number }
  | { kind: "chronic_absence"; missed: number; counted: number };

export type AttentionEntry = { studentId: string; reasons: AttentionReason[] };

export type AttentionInput = {
  students: readonly Pick<Student, "id" | "status" | "enrolled_on">[];
  sessions: readonly Pick<Session, "id" | "date" | "status" | "starts_at">[];
  attendance: readonly Pick<AttendanceRow, "session_id" | "student_id" | "status">[];
  recitations: readonly Pick<Recitation, "session_id" | "student_id" | "rating" | "recorded_at">[];
  /** The school's rating values, lowest first. */
  scale: readonly number[];
  /** The school's date today (YYYY-MM-DD). */
  today: string;
  notHeardDays: number;
};

export function needsAttention(input: AttentionInput): AttentionEntry[] {
  const ended = [...input.sessions].filter((s) => s.status === "ended" && s.date <= input.today).sort(bySessionOrder);
  const sessionDate = new Map(input.sessions.map((s) => [s.id, s.date]));
  const sessionOrder = new Map(ended.map((s, index) => [s.id, index]));
  const marks = new Map<string, Map<string, AttendanceRow["status"]>>();
  for (const row of input.attendance)
    (marks.get(row.student_id) ?? marks.set(row.student_id, new Map()).get(row.student_id)!).set(
      row.session_id,
      row.status,
    );
  const heard = new Map<string, Pick<Recitation, "session_id" | "rating" | "recorded_at">[]>();
  for (const r of input.recitations)
    if (sessionDate.has(r.session_id))
      (heard.get(r.student_id) ?? heard.set(r.student_id, []).get(r.student_id)!).push(r);
  const since = addDays(input.today, -input.notHeardDays);

  const entries: AttentionEntry[] = [];
  for (const student of input.students) {
    if (student.status !== "active") continue;
    const expected = ended.filter((s) => !student.enrolled_on || s.date >= student.enrolled_on);
    const own = marks.get(student.id) ?? new Map<string, AttendanceRow["status"]>();
    const reasons: AttentionReason[] = [];

    const recitations = heard.get(student.id) ?? [];
    const lastHeard = recitations.reduce<string | null>((last, r) => {
      const date = sessionDate.get(r.session_id)!;
      return last === null || date > last ? date : last;
    }, null);
    if ((lastHeard === null || lastHeard < since) && expected.some((s) => s.date >= since)) {
      reasons.push({
        kind: "not_heard",
        lastHeard,
        days: lastHeard === null ? null : daysBetween(lastHeard, input.today),
      });
    }

    const ratings = sessionRatings(recitations, sessionOrder, input.scale).slice(-FALLING_SESSIONS);
    if (
      ratings.length === FALLING_SESSIONS &&
      ratings.every((r, i) => i === 0 || r <= ratings[i - 1]!) &&
      ratings[0]! - ratings.at(-1)! >= 1
    ) {
      reasons.push({ kind: "falling_ratings", ratings: ratings.map((position) => valueAt(input.scale, position)) });
    }

    const window = attendanceWindow(
      input.sessions.map((session) => ({
        session,
        row: own.has(session.id) ? { status: own.get(session.id)! } : null,
      })),
      { enrolled_on: student.enrolled_on },
      input.today,
    );
    const facts = attendanceFacts(window);
    if (facts.streak?.kind === "missed" && facts.streak.sessions >= STREAK_MIN)
      reasons.push({ kind: "absence_streak", sessions: facts.streak.sessions });
    if (facts.counted >= CHRONIC_MIN_SESSIONS && facts.missed / facts.counted >= CHRONIC_RATE)
      reasons.push({ kind: "chronic_absence", missed: facts.missed, counted: facts.counted });

    if (reasons.length > 0) entries.push({ studentId: student.id, reasons });
  }
  return entries.sort(
    (a, b) =>
      b.reasons.length - a.reasons.length || (a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0),
  );
}

/** Mean scale position of each session's recitations, in session order (sessions not ended or unknown are left out). */
function sessionRatings(
  recitations: readonly Pick<Recitation, "session_id" | "rating">[],
  order: Map<string, number>,
  scale: readonly number[],
): number[] {
  const bySession = new Map<number, number[]>();
  for (const r of recitations) {
    const index = order.get(r.session_id);
    const position = scale.indexOf(r.rating);
    if (index === undefined || position < 0) continue;
    (bySession.get(index) ?? bySession.set(index, []).get(index)!).push(position);
  }
  return [...bySession.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, positions]) => positions.reduce((sum, p) => sum + p, 0) / positions.length);
}

/** A mean position back on the scale's values (rounded to one decimal between two levels). */
function valueAt(scale: readonly number[], position: number): number {
  const low = scale[Math.floor(position)] ?? 0;
  const high = scale[Math.ceil(position)] ?? low;
  return Math.round((low + (high - low) * (position - Math.floor(position))) * 10) / 10;
}

function bySessionOrder(
  a: Pick<Session, "id" | "date" | "starts_at">,
  b: Pick<Session, "id" | "date" | "starts_at">,
): number {
  return a.date.localeCompare(b.date) || a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
