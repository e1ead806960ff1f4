import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Session } from "@/lib/contract";
import { progressAttendance, progressRecitations, progressSessions, progressStudents } from "@/lib/db/schema-progress";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import type { StoreScope } from "@/lib/features/plans/mirror/reads";
import { scoped } from "./store-scope";

/**
 * Small reads of the progress read model by id, for what names records without asking the school:
 * the audit log (a session's halqa and date, a recitation's student) and an attendance save's
 * "before" (the rows as the store holds them).
 */

/** Each student's status in the session as the store holds it (absent from the map: not marked). */
export async function storedMarks(
  scope: StoreScope,
  sessionId: string,
  studentIds: readonly string[],
  db?: DashboardDb,
): Promise<Map<string, string>> {
  if (!studentIds.length) return new Map();
  const store = db ?? (await dashboardDb());
  const rows = await store
    .select({ data: progressAttendance.data })
    .from(progressAttendance)
    .where(
      and(
        scoped(progressAttendance, scope),
        eq(progressAttendance.sessionId, sessionId),
        inArray(progressAttendance.studentId, [...studentIds]),
      ),
    );
  return new Map(rows.map(({ data }) => [data.student_id, data.status]));
}

export type RecordNames = {
  students: Map<string, string>;
  sessions: Map<string, Pick<Session, "id" | "halqa_id" | "date">>;
  /** A recitation's student and session. */
  recitations: Map<string, { studentId: string; sessionId: string }>;
};

/** Names of students, sessions and recitations by id, as far as the store holds them. */
export async function recordNames(
  scope: StoreScope,
  ids: { students: string[]; sessions: string[]; recitations: string[] },
  db?: DashboardDb,
): Promise<RecordNames> {
  const store = db ?? (await dashboardDb());
  const recitations = ids.recitations.length
    ? await store
        .select({ data: progressRecitations.data })
        .from(progressRecitations)
        .where(and(scoped(progressRecitations, scope), inArray(progressRecitations.id, [...new Set(ids.recitations)])))
    : [];
  const studentIds = [...new Set([...ids.students, ...recitations.map((r) => r.data.student_id)])];
  const sessionIds = [...new Set([...ids.sessions, ...recitations.map((r) => r.data.session_id)])];
  const [students, sessions] = await Promise.all([
    studentIds.length
      ? store
          .select({ data: progressStudents.data })
          .from(progressStudents)
          .where(and(scoped(progressStudents, scope), inArray(progressStudents.id, studentIds)))
      : [],
    sessionIds.length
      ? store
          .select({ data: progressSessions.data })
          .from(progressSessions)
          .where(and(scoped(progressSessions, scope), inArray(progressSessions.id, sessionIds)))
      : [],
  ]);
  return {
    students: new Map(students.map(({ data }) => [data.id, data.full_name])),
    sessions: new Map(sessions.map(({ data }) => [data.id, { id: data.id, halqa_id: data.halqa_id, date: data.date }])),
    recitations: new Map(
      recitations.map(({ data }) => [data.id, { studentId: data.student_id, sessionId: data.session_id }]),
    ),
  };
}
