import { eq, sql } from "drizzle-orm";
import type { Handlers } from "../context";
import { attendance } from "../db/schema";
import { requireEligibleStudents } from "../eligibility";
import { newId } from "../ids";
import { toAttendance } from "../mappers";
import { pageById } from "./shared";
import { requireSession } from "./sessions";

type AttendanceRow = typeof attendance.$inferSelect;

export const attendanceHandlers: Pick<Handlers, "listAttendance" | "upsertAttendance"> = {
  listAttendance: async (ctx, { params, query }) => {
    const session = await requireSession(ctx, params.id);
    return pageById<AttendanceRow, ReturnType<typeof toAttendance>>(ctx, {
      scope: `attendance:${session.id}`,
      table: attendance,
      query,
      filters: [eq(attendance.sessionId, session.id), query.status ? eq(attendance.status, query.status) : undefined],
      map: toAttendance,
    });
  },

  /** Spec rule 1: only the supplied students' rows are created or updated; the batch is all or nothing. */
  upsertAttendance: async (ctx, { params, body }) => {
    const session = await requireSession(ctx, params.id);
    await requireEligibleStudents(
      ctx,
      session.halqaId,
      body.rows.map((row, index) => ({ studentId: row.student_id, field: `rows.${index}.student_id` })),
    );
    const rows = await ctx.db
      .insert(attendance)
      .values(
        body.rows.map((row) => ({
          id: newId("att"),
          schoolId: ctx.school.id,
          sessionId: session.id,
          studentId: row.student_id,
          status: row.status,
          lateMinutes: row.late_minutes ?? null,
          note: row.note ?? null,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })),
      )
      .onConflictDoUpdate({
        target: [attendance.sessionId, attendance.studentId],
        set: {
          status: sql`excluded.status`,
          lateMinutes: sql`excluded.late_minutes`,
          note: sql`excluded.note`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning();
    const order = new Map(body.rows.map((row, index) => [row.student_id, index]));
    rows.sort((a, b) => (order.get(a.studentId) ?? 0) - (order.get(b.studentId) ?? 0));
    return { data: { session_id: session.id, rows: rows.map(toAttendance) } };
  },

};
