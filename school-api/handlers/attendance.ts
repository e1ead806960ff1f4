import { eq } from "drizzle-orm";
import type { Handlers } from "../context";
import { attendance } from "../db/schema";
import { toAttendance } from "../mappers";
import { upsertAttendanceRows } from "./attendance-upsert";
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

  /** Spec rule 1: only the supplied students' rows are created or updated; the batch is all or nothing (one statement). */
  upsertAttendance: async (ctx, { params, body }) => ({
    data: await upsertAttendanceRows(ctx, params.id ?? "", body.rows),
  }),
};
