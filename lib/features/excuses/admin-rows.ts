import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Semester, Session, Student } from "@/lib/contract";
import type { DashboardDb } from "@/lib/db/client";
import { progressAttendance, progressSessions, progressStudents } from "@/lib/db/schema";
import { currentRecord } from "@/lib/features/family/queries";
import { documentName } from "@/lib/features/students/display-names";
import type { AdminExcuse, School } from "./store";

/** That day's register of the child's halqa, as the progress read model has it. */
export type ExcuseRegister = { state: "none" } | { state: "open" | "ended"; sessionId: string; mark: string | null };

/** A request beside what the school's records say of it: the child in full with their page, their halqa, the day's register. */
export type AdminExcuseRow = AdminExcuse & {
  student: { id: string; name: string; halqaName: string | null } | null;
  register: ExcuseRegister;
};

/**
 * The admins' excuse list with each child's current record (named in full, as on every list that
 * leaves the register), halqa and that day's register and mark, read from the progress read model
 * and the cached halqas: no v1 call of its own. A child the read model does not have yet keeps the
 * name the parent's request was made under.
 */
export async function withRecords(
  db: DashboardDb,
  school: School,
  rows: readonly AdminExcuse[],
  context: { semesters: readonly Semester[]; halqaNames: ReadonlyMap<string, string> },
): Promise<AdminExcuseRow[]> {
  if (rows.length === 0) return [];
  const scope = and(
    eq(progressStudents.connectionId, school.connectionId),
    eq(progressStudents.tenantId, school.tenantId),
  );
  const records = await db
    .select({ data: progressStudents.data })
    .from(progressStudents)
    .where(and(scope, inArray(progressStudents.lineageId, [...new Set(rows.map((row) => row.lineageId))])));
  const byLineage = new Map<string, Student[]>();
  for (const { data } of records) byLineage.set(data.lineage_id, [...(byLineage.get(data.lineage_id) ?? []), data]);
  const students = new Map(
    [...byLineage].map(([lineageId, list]) => [lineageId, currentRecord(list, context.semesters)] as const),
  );

  const halqaIds = [...new Set([...students.values()].flatMap((s) => (s ? [s.halqa_id] : [])))];
  const days = [...new Set(rows.map((row) => row.day))];
  const sessions = halqaIds.length
    ? await db
        .select({ data: progressSessions.data })
        .from(progressSessions)
        .where(
          and(
            eq(progressSessions.connectionId, school.connectionId),
            eq(progressSessions.tenantId, school.tenantId),
            inArray(progressSessions.halqaId, halqaIds),
            inArray(progressSessions.date, days),
          ),
        )
    : [];
  // The day's latest session of each halqa: the register a teacher would open again.
  const sessionOf = new Map<string, Session>();
  for (const { data } of sessions) {
    const key = `${data.halqa_id} ${data.date}`;
    const kept = sessionOf.get(key);
    if (!kept || data.starts_at > kept.starts_at) sessionOf.set(key, data);
  }
  const sessionIds = [...sessionOf.values()].map((s) => s.id);
  const marks = sessionIds.length
    ? await db
        .select({
          sessionId: progressAttendance.sessionId,
          studentId: progressAttendance.studentId,
          data: progressAttendance.data,
        })
        .from(progressAttendance)
        .where(
          and(
            eq(progressAttendance.connectionId, school.connectionId),
            eq(progressAttendance.tenantId, school.tenantId),
            inArray(progressAttendance.sessionId, sessionIds),
          ),
        )
    : [];
  const markOf = new Map(marks.map((m) => [`${m.sessionId} ${m.studentId}`, m.data.status as string]));

  return rows.map((row) => {
    const student = students.get(row.lineageId) ?? null;
    const session = student ? sessionOf.get(`${student.halqa_id} ${row.day}`) : undefined;
    return {
      ...row,
      student: student
        ? { id: student.id, name: documentName(student), halqaName: context.halqaNames.get(student.halqa_id) ?? null }
        : null,
      register: session
        ? {
            state: session.status === "open" ? "open" : "ended",
            sessionId: session.id,
            mark: markOf.get(`${session.id} ${student!.id}`) ?? null,
          }
        : { state: "none" },
    };
  });
}
