/**
 * The school API's write semantics in memory, for the queue's property test: PUT attendance
 * upserts exactly the supplied students (spec rule 1; each supplied row replaced whole), a create
 * with an Idempotency-Key returns the first recitation again (or, when the fake is told not to
 * honour keys, creates another), and the session's recitations can be listed by student and kind.
 */
import type { AttendanceMark, AttendanceRow, Recitation } from "@/lib/contract";
import type { LiveApi, RecitationBody } from "@/lib/features/live/server/write-path";
import { recitationBody } from "@/lib/features/live/server/write-path";
import type { RecitationDraft } from "@/lib/features/live/types";

/** A recitation the teacher recorded: An-Naba' 1–16 (the surah has 40 ayahs, valid on every school). */
export function recitationDraft(studentId: string): RecitationDraft {
  return {
    student_id: studentId,
    kind: "new_memorization",
    start: { surah: 78, ayah: 1 },
    end: { surah: 78, ayah: 16 },
    rating: 4,
    mistakes: 2,
    note: null,
  };
}

/** The recitation a school stores for a create `body`, with this id and time. */
export function storedRecitation(id: string, sessionId: string, body: RecitationBody, at: string): Recitation {
  const { student_id, kind, start, end, rating, mistakes, note, recorded_at } = body;
  return {
    id,
    session_id: sessionId,
    student_id,
    kind,
    range: { start, end },
    rating,
    mistakes,
    note,
    recorded_at,
    created_at: at,
    updated_at: at,
  };
}

/** The attendance row a school stores for a student's mark in `sessionId`, created and changed at `at`. */
export function storedMark(
  sessionId: string,
  studentId: string,
  status: AttendanceRow["status"],
  at = "2026-01-01T00:00:00.000Z",
): AttendanceRow {
  return {
    id: `att_${studentId}`,
    session_id: sessionId,
    student_id: studentId,
    status,
    late_minutes: null,
    note: null,
    created_at: at,
    updated_at: at,
  };
}

export class FakeConflict extends Error {}

export class FakeSchool {
  readonly attendance = new Map<string, AttendanceRow>();
  readonly recitations: Recitation[] = [];
  /** Every rule of the real server a request broke (must stay empty). */
  readonly violations: string[] = [];
  puts = 0;
  creates = 0;
  private seq = 0;
  private keys = new Map<string, { body: string; recitation: Recitation }>();

  constructor(
    readonly sessionId: string,
    readonly honoursKeys = true,
  ) {}

  private stamp(): string {
    return new Date(1_700_000_000_000 + ++this.seq).toISOString();
  }

  readonly api: LiveApi = {
    upsertAttendance: async (sessionId: string, rows: AttendanceMark[]) => {
      this.puts++;
      if (sessionId !== this.sessionId) this.violations.push(`PUT to another session ${sessionId}`);
      if (rows.length < 1 || rows.length > 200) this.violations.push(`PUT with ${rows.length} rows`);
      if (new Set(rows.map((r) => r.student_id)).size !== rows.length) this.violations.push("PUT with a student twice");
      return rows.map((row) => {
        const previous = this.attendance.get(row.student_id);
        const at = this.stamp();
        if (row.late_minutes != null && row.status !== "late") this.violations.push("late_minutes without late");
        const stored: AttendanceRow = {
          id: previous?.id ?? `att_${this.seq}`,
          session_id: sessionId,
          student_id: row.student_id,
          status: row.status,
          late_minutes: row.late_minutes ?? null,
          note: row.note ?? null,
          created_at: previous?.created_at ?? at,
          updated_at: at,
        };
        this.attendance.set(row.student_id, stored);
        return stored;
      });
    },
    createRecitation: async (sessionId: string, body: RecitationBody, key: string) => {
      const sent = JSON.stringify(recitationBody(body));
      if (this.honoursKeys) {
        const previous = this.keys.get(key);
        if (previous) {
          if (previous.body !== sent) throw new FakeConflict("key used with another body");
          return previous.recitation;
        }
      }
      this.creates++;
      const at = this.stamp();
      const recitation = storedRecitation(`rec_${this.seq}`, sessionId, body, at);
      this.recitations.push(recitation);
      if (this.honoursKeys) this.keys.set(key, { body: sent, recitation });
      return recitation;
    },
    listRecitations: async (sessionId: string, filter) =>
      this.recitations.filter(
        (r) => r.session_id === sessionId && r.student_id === filter.student_id && r.kind === filter.kind,
      ),
    isConflict: (error: unknown) => error instanceof FakeConflict,
  };
}
