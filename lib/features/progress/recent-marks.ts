import "server-only";
import { cache } from "react";
import { clientFor } from "@/lib/connections";
import type { AttendanceRow, Halqa, Session, Student } from "@/lib/contract";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { sortNewestFirst } from "@/lib/features/sessions/list";

/** Sessions read live for a student's attendance (attendance is read per session, so a few). */
export const LIVE_SESSIONS = 10;

/**
 * The latest sessions of the student's halqa this semester, read live, each with the student's row
 * (null: not marked). Merged into the stored history with `withLive` (figures.ts), so the figures
 * and the tables under them count the same, fresh sessions. A real school may ignore the filters:
 * sessions and rows are re-checked by their own fields (invariant 7).
 * v1 calls: listSessions of the halqa and semester, then listAttendance of each of the latest 10.
 */
export const loadRecentMarks = cache(
  async (
    connectionId: string,
    student: Pick<Student, "id" | "halqa_id" | "semester_id">,
  ): Promise<{ session: Session; row: AttendanceRow | null }[]> => {
    const registers = await recentRegisters(connectionId, { id: student.halqa_id, semester_id: student.semester_id });
    return registers.map(({ session, rows }) => ({
      session,
      row: rows.find((row) => row.student_id === student.id) ?? null,
    }));
  },
);

/**
 * The latest sessions of a halqa in its semester, read live, each with every row of its register
 * (`loadRecentMarks` for a whole halqa at once). Sessions and rows are re-checked by their own fields.
 * v1 calls: listSessions of the halqa and semester, then listAttendance of each of the latest 10.
 */
export async function recentRegisters(
  connectionId: string,
  halqa: Pick<Halqa, "id" | "semester_id">,
): Promise<{ session: Session; rows: AttendanceRow[] }[]> {
  const client = clientFor(connectionId);
  const { items } = await client.listAll("listSessions", {
    query: { halqa_id: halqa.id, semester_id: halqa.semester_id, limit: API_PAGE_SIZE },
  });
  const recent = sortNewestFirst(items.filter((session) => session.halqa_id === halqa.id)).slice(0, LIVE_SESSIONS);
  return Promise.all(
    recent.map(async (session) => {
      const rows = await client.listAll("listAttendance", {
        params: { id: session.id },
        query: { limit: API_PAGE_SIZE },
      });
      return { session, rows: rows.items.filter((row) => row.session_id === session.id) };
    }),
  );
}
