import "server-only";
import { eq } from "drizzle-orm";
import type { AttendanceRow, Recitation, Session, Student } from "@/lib/contract";
import { progressAttendance, progressRecitations, progressSessions, progressStudents } from "@/lib/db/schema-progress";
import type { DashboardDb } from "@/lib/db/client";
import type { V1Client } from "@/lib/v1";

/** Test and bench support: what the API holds and what the read model holds, record for record. */
export type ProgressSnapshot = {
  sessions: Map<string, Session>;
  attendance: Map<string, AttendanceRow>;
  recitations: Map<string, Recitation>;
  students: Map<string, Student>;
};

/** Everything the API holds, read with complete traversals (one list of sessions, then each session's rows). */
export async function apiProgressSnapshot(client: V1Client): Promise<ProgressSnapshot> {
  const [{ items: sessions }, { items: students }] = await Promise.all([
    client.listAll("listSessions", { query: { limit: 100 } }),
    client.listAll("listStudents", { query: { limit: 100 } }),
  ]);
  const attendance = new Map<string, AttendanceRow>();
  const recitations = new Map<string, Recitation>();
  for (const session of sessions) {
    const [rows, heard] = await Promise.all([
      client.listAll("listAttendance", { params: { id: session.id }, query: { limit: 100 } }),
      client.listAll("listSessionRecitations", { params: { id: session.id }, query: { limit: 100 } }),
    ]);
    for (const row of rows.items) attendance.set(row.id, row);
    for (const recitation of heard.items) recitations.set(recitation.id, recitation);
  }
  return { sessions: byId(sessions), attendance, recitations, students: byId(students) };
}

export async function storeProgressSnapshot(db: DashboardDb, connectionId: string): Promise<ProgressSnapshot> {
  const [sessions, attendance, recitations, students] = await Promise.all([
    db
      .select({ data: progressSessions.data })
      .from(progressSessions)
      .where(eq(progressSessions.connectionId, connectionId)),
    db
      .select({ data: progressAttendance.data })
      .from(progressAttendance)
      .where(eq(progressAttendance.connectionId, connectionId)),
    db
      .select({ data: progressRecitations.data })
      .from(progressRecitations)
      .where(eq(progressRecitations.connectionId, connectionId)),
    db
      .select({ data: progressStudents.data })
      .from(progressStudents)
      .where(eq(progressStudents.connectionId, connectionId)),
  ]);
  return {
    sessions: byId(sessions.map((r) => r.data)),
    attendance: byId(attendance.map((r) => r.data)),
    recitations: byId(recitations.map((r) => r.data)),
    students: byId(students.map((r) => r.data)),
  };
}

function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}
