import type { AttendanceRow, Session, Student } from "@/lib/contract";

/**
 * The attendance figures every view shows (docs/progress.md, "What each figure means"): the
 * student page, the halqa page and Today (needs attention), the family pages and the reports all
 * count through these functions, so one student's figures read the same everywhere.
 */

export type AttendanceMark = AttendanceRow["status"];
export type AttendanceEntry = {
  session: Pick<Session, "id" | "date" | "starts_at" | "status"> & Partial<Pick<Session, "halqa_id">>;
  row: Pick<AttendanceRow, "status"> | null;
};
export type AttendanceHistory = readonly AttendanceEntry[];

/** A run of the same kind at the newest end of the history. */
export type Streak = { kind: "attended" | "missed"; sessions: number } | null;

export type AttendanceFacts = {
  /** Sessions with a mark that counts: present, late or absent. */
  counted: number;
  /** Present or late. */
  attended: number;
  /** Absent. */
  missed: number;
  present: number;
  late: number;
  excused: number;
  /** Ended sessions of the window without a mark for the student (an open one may still be marked). */
  unmarked: number;
  /** attended ÷ counted, or null with nothing counted. */
  rate: number | null;
  streak: Streak;
};

const ATTENDED: ReadonlySet<string> = new Set(["present", "late"]);

/** Whether a mark counts in a rate or a streak: present and late attend, absent misses; excused is a known reason. */
export function isCounted(status: AttendanceMark | null | undefined): status is "present" | "late" | "absent" {
  return status === "present" || status === "late" || status === "absent";
}

/** Newest first: by the session's school date, then its start, then its id (so equal days never depend on input order). */
export function newestFirst<E extends { session: Pick<Session, "id" | "date" | "starts_at"> }>(
  entries: readonly E[],
): E[] {
  return entries.toSorted(
    (a, b) =>
      b.session.date.localeCompare(a.session.date) ||
      b.session.starts_at.localeCompare(a.session.starts_at) ||
      b.session.id.localeCompare(a.session.id),
  );
}

/**
 * The sessions a student's attendance is counted over: the sessions of their record's halqa (a
 * halqa id belongs to one semester, so this is the semester's), dated from their enrolment (when
 * given) up to the school's today. Open sessions are in the window: a mark taken at the start of
 * today's class counts at once. Entries without a known halqa are kept (the caller chose them).
 */
export function attendanceWindow<E extends AttendanceEntry>(
  history: readonly E[],
  record: Partial<Pick<Student, "halqa_id">> & Pick<Student, "enrolled_on">,
  today: string,
): E[] {
  const ofHalqa = (halqaId: string | undefined) =>
    halqaId === undefined || record.halqa_id === undefined || halqaId === record.halqa_id;
  return history.filter(
    ({ session }) =>
      ofHalqa(session.halqa_id) && session.date <= today && (!record.enrolled_on || session.date >= record.enrolled_on),
  );
}

/**
 * Rate, counts and current streak over a window of sessions: present and late are attended, absent
 * is missed; excused and unmarked sessions are left out of the rate and do not break a streak.
 * The streak is the run of attended (or missed) sessions at the newest end.
 */
export function attendanceFacts(history: AttendanceHistory): AttendanceFacts {
  const facts: AttendanceFacts = {
    counted: 0,
    attended: 0,
    missed: 0,
    present: 0,
    late: 0,
    excused: 0,
    unmarked: 0,
    rate: null,
    streak: null,
  };
  let streakOpen = true;
  for (const { session, row } of newestFirst(history)) {
    const status = row?.status;
    if (!isCounted(status)) {
      if (status === "excused") facts.excused++;
      else if (session.status === "ended") facts.unmarked++;
      continue;
    }
    const kind = ATTENDED.has(status) ? "attended" : "missed";
    facts.counted++;
    facts[kind]++;
    if (status === "present" || status === "late") facts[status]++;
    if (streakOpen) {
      if (!facts.streak) facts.streak = { kind, sessions: 1 };
      else if (facts.streak.kind === kind) facts.streak.sessions++;
      else streakOpen = false;
    }
  }
  facts.rate = facts.counted === 0 ? null : facts.attended / facts.counted;
  return facts;
}

/**
 * The same rate over many registers at once (a halqa's week, the overview): counts of marks by
 * status, attended and counted as `attendanceFacts` counts them (unknown states count for nothing).
 */
export function rateOfMarks(counts: Readonly<Partial<Record<string, number>>>): {
  attended: number;
  counted: number;
  rate: number | null;
} {
  let attended = 0;
  let counted = 0;
  for (const [status, n] of Object.entries(counts)) {
    if (!n || !isCounted(status as AttendanceMark)) continue;
    counted += n;
    if (ATTENDED.has(status)) attended += n;
  }
  return { attended, counted, rate: counted === 0 ? null : attended / counted };
}

/**
 * A student's history with the sessions a page read live from the API (its latest sessions, each
 * with the student's row) in place of their stored copies, so marks another system made a minute
 * ago count before the next sync; the live copy of a session wins, like the map's recitations.
 */
export function withLive<E extends AttendanceEntry>(stored: readonly E[], live: readonly E[]): E[] {
  const bySession = new Map(stored.map((entry) => [entry.session.id, entry]));
  for (const entry of live) bySession.set(entry.session.id, entry);
  return [...bySession.values()];
}

/**
 * The sessions a student's page counts and lists, staff and family alike: the stored history with
 * the sessions read live in place (`withLive`), over the student's `attendanceWindow`.
 */
export function studentWindow<E extends AttendanceEntry>(
  stored: readonly E[],
  live: readonly E[],
  record: Partial<Pick<Student, "halqa_id">> & Pick<Student, "enrolled_on">,
  today: string,
): E[] {
  return attendanceWindow(withLive(stored, live), record, today);
}

/** The latest sessions of a window, newest first: the rows a table lists under the figures. */
export function latestSessions<E extends AttendanceEntry>(window: readonly E[], limit: number): E[] {
  return newestFirst(window).slice(0, limit);
}
