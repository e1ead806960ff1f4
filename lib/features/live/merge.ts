/**
 * The register the screen shows: the server's saved state is the base, this device's unsaved
 * work overlays it. A mark being edited here is never overwritten by a poll, and a row this
 * device saved is not rolled back by a poll that started before the save (the fresher
 * `updated_at` wins). A student without a saved or local mark shows as unmarked, never as a
 * default status.
 */
import type { AttendanceRow, Recitation } from "@/lib/contract";
import type { QueueSnapshot } from "./outbox/queue";
import type { LiveSnapshot, MarkStatus, MarkValue, RecitationDraft, RosterStudent } from "./types";
import { MARK_STATUSES } from "./types";

export type RowState = "saved" | "pending" | "failed" | "unmarked";

export type RegisterRecitation = {
  /** The recitation's id once saved, else the clientId of the local one. */
  key: string;
  student_id: string;
  draft: RecitationDraft;
  recorded_at: string;
  state: "saved" | "pending" | "failed";
  sending: boolean;
  reason?: string;
  fieldErrors?: Record<string, string>;
  /** The server's record, when saved. */
  saved: Recitation | null;
  /** Still in its undo window, not sent: when the window ends (ms since epoch), else null. */
  heldUntil: number | null;
};

export type RegisterRow = {
  student: RosterStudent;
  /** Eligible for the session (active, in its halqa); an ineligible student appears only with a mark or recitation to explain. */
  eligible: boolean;
  /** What to show: the local unsaved mark, else the saved one, else null (unmarked). */
  mark: MarkValue | null;
  state: RowState;
  sending: boolean;
  reason?: string;
  fieldErrors?: Record<string, string>;
  /** The freshest saved row (server poll or this device's save). */
  saved: AttendanceRow | null;
  recitations: RegisterRecitation[];
};

export type Register = {
  rows: RegisterRow[];
  /** Local work for students the roster does not know (moved, or not yet in a poll). */
  orphans: { marks: string[]; recitations: string[] };
};

type QueuePart = Pick<QueueSnapshot, "marks" | "recitations" | "savedRows" | "savedRecitations"> &
  Partial<Pick<QueueSnapshot, "held">>;

const time = (iso: string) => Date.parse(iso);

/** The fresher of two saved rows; the server's on a tie. */
export function fresher(server: AttendanceRow | undefined, local: AttendanceRow | undefined): AttendanceRow | null {
  if (!server) return local ?? null;
  if (!local) return server;
  return time(local.updated_at) > time(server.updated_at) ? local : server;
}

const valueOf = (row: AttendanceRow): MarkValue => ({
  status: row.status,
  late_minutes: row.late_minutes,
  note: row.note,
});

function draftOf(recitation: Recitation): RecitationDraft {
  return {
    student_id: recitation.student_id,
    kind: recitation.kind,
    start: recitation.range.start,
    end: recitation.range.end,
    rating: recitation.rating,
    mistakes: recitation.mistakes,
    note: recitation.note,
  };
}

export function mergeRegister(
  snapshot: Pick<LiveSnapshot, "roster" | "ineligible" | "attendance" | "recitations">,
  queue: QueuePart,
): Register {
  const serverRows = new Map(snapshot.attendance.map((row) => [row.student_id, row]));

  const recitationsByStudent = new Map<string, RegisterRecitation[]>();
  const add = (rec: RegisterRecitation) =>
    recitationsByStudent.set(rec.student_id, [...(recitationsByStudent.get(rec.student_id) ?? []), rec]);
  const serverIds = new Set<string>();
  const addSaved = (r: Recitation) => {
    serverIds.add(r.id);
    add({
      key: r.id,
      student_id: r.student_id,
      draft: draftOf(r),
      recorded_at: r.recorded_at,
      state: "saved",
      sending: false,
      saved: r,
      heldUntil: null,
    });
  };
  for (const r of snapshot.recitations) addSaved(r);
  // Created on this device and not in the snapshot yet.
  for (const r of queue.savedRecitations) if (!serverIds.has(r.id)) addSaved(r);
  const held = new Set(queue.held?.recitations ?? []);
  for (const r of queue.recitations) {
    add({
      key: r.clientId,
      student_id: r.draft.student_id,
      draft: r.draft,
      recorded_at: r.recorded_at,
      state: r.state,
      sending: r.sending,
      reason: r.reason,
      fieldErrors: r.fieldErrors,
      saved: null,
      heldUntil: held.has(r.clientId) ? (r.holdUntil ?? null) : null,
    });
  }
  for (const list of recitationsByStudent.values()) list.sort((a, b) => time(a.recorded_at) - time(b.recorded_at));

  const row = (student: RosterStudent, eligible: boolean): RegisterRow => {
    const saved = fresher(serverRows.get(student.id), queue.savedRows.get(student.id));
    const local = queue.marks.get(student.id);
    const recitations = recitationsByStudent.get(student.id) ?? [];
    if (local) {
      return {
        student,
        eligible,
        mark: local.value,
        state: local.state,
        sending: local.sending,
        reason: local.reason,
        fieldErrors: local.fieldErrors,
        saved,
        recitations,
      };
    }
    return {
      student,
      eligible,
      mark: saved ? valueOf(saved) : null,
      state: saved ? "saved" : "unmarked",
      sending: false,
      saved,
      recitations,
    };
  };

  const rows = snapshot.roster.map((s) => row(s, true));
  for (const student of snapshot.ineligible) {
    const touched =
      serverRows.has(student.id) ||
      queue.savedRows.has(student.id) ||
      queue.marks.has(student.id) ||
      recitationsByStudent.has(student.id);
    if (touched) rows.push(row(student, false));
  }
  const known = new Set(rows.map((r) => r.student.id));
  return {
    rows,
    orphans: {
      marks: [...queue.marks.keys()].filter((id) => !known.has(id)),
      recitations: queue.recitations.filter((r) => !known.has(r.draft.student_id)).map((r) => r.clientId),
    },
  };
}

export type RegisterCounts = Record<MarkStatus, number> & {
  /** Eligible students without a mark, saved or local. */
  unmarked: number;
  /** Eligible students. */
  total: number;
  /** Rows whose mark is not saved yet (pending or failed). */
  unsavedRows: number;
  failedRows: number;
  /** Ids of eligible students not marked yet, in roster order ("who is not marked yet"). */
  unmarkedIds: string[];
};

/** Counts at the top of the screen, over eligible students, local marks included (what the teacher sees). */
export function countRegister(register: Register): RegisterCounts {
  const counts: RegisterCounts = {
    present: 0,
    absent: 0,
    late: 0,
    excused: 0,
    unmarked: 0,
    total: 0,
    unsavedRows: 0,
    failedRows: 0,
    unmarkedIds: [],
  };
  for (const row of register.rows) {
    if (row.state === "pending" || row.state === "failed") counts.unsavedRows++;
    if (row.state === "failed") counts.failedRows++;
    if (!row.eligible) continue;
    counts.total++;
    if (!row.mark) {
      counts.unmarked++;
      counts.unmarkedIds.push(row.student.id);
    } else if ((MARK_STATUSES as readonly string[]).includes(row.mark.status)) counts[row.mark.status]++;
  }
  return counts;
}

/** "All present": marks for every eligible student not marked yet (saved or local); exceptions are then tapped. */
export function allPresent(register: Register): [string, MarkStatus][] {
  return register.rows.filter((r) => r.eligible && !r.mark).map((r) => [r.student.id, "present"]);
}

export { rowNames } from "@/lib/features/students/display-names";

/**
 * The rows of a new merge, each replaced by the previous render's row of the same student when its
 * data is the same: a row keeps its identity until its student, mark, state or recitations change,
 * so the roster re-renders only the rows a poll, a tap or the queue changed. The list itself is the
 * previous one when no row changed. Rows are built by the same code from the same JSON, so their
 * serialisations match when their data does (a difference in key order only costs a re-render).
 */
export function reuseRows(previous: readonly RegisterRow[], next: RegisterRow[]): RegisterRow[] {
  const before = new Map(previous.map((row) => [row.student.id, row]));
  const rows = next.map((row) => {
    const old = before.get(row.student.id);
    return old && (sameFields(old, row) || JSON.stringify(old) === JSON.stringify(row)) ? old : row;
  });
  return rows.length === previous.length && rows.every((row, i) => row === previous[i])
    ? (previous as RegisterRow[])
    : rows;
}

/**
 * The same row without serialising it: every field the very same value or object (the roster's
 * student, the poll's saved row), a mark with the same fields, or both lists empty. A poll that
 * brought nothing new and the queue's start merge most rows so; serialising each one took a few
 * milliseconds at load on a slow tablet. Anything else is left to the serialised comparison.
 */
function sameFields(a: RegisterRow, b: RegisterRow): boolean {
  return shallowSame(a, b, (x, y) => shallowSame(x, y, Object.is));
}

function shallowSame(a: unknown, b: unknown, same: (x: unknown, y: unknown) => boolean): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length + b.length === 0;
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every(
    (key) => key in a && same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
