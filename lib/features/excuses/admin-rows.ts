import "server-only";
import { and, inArray } from "drizzle-orm";
import type { Semester, Student } from "@/lib/contract";
import type { DashboardDb } from "@/lib/db/client";
import { progressAttendance, progressStudents } from "@/lib/db/schema";
import { currentRecord } from "@/lib/features/family/queries";
import { dayKey, registersOf } from "@/lib/features/overview/store-reads";
import { scoped } from "@/lib/features/progress/store-scope";
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
  const records = await db
    .select({ data: progressStudents.data })
    .from(progressStudents)
    .where(
      and(
        scoped(progressStudents, school),
        inArray(progressStudents.lineageId, [...new Set(rows.map((row) => row.lineageId))]),
      ),
    );
  const byLineage = new Map<string, Student[]>();
  for (const { data } of records) byLineage.set(data.lineage_id, [...(byLineage.get(data.lineage_id) ?? []), data]);
  const students = new Map(
    [...byLineage].map(([lineageId, list]) => [lineageId, currentRecord(list, context.semesters)] as const),
  );

  // The registers of the children's halqas on the requests' days, as the overview reads them.
  const halqaIds = [...new Set([...students.values()].flatMap((s) => (s ? [s.halqa_id] : [])))];
  const days = rows.map((row) => row.day).sort();
  const registers = await registersOf(db, school, halqaIds, { from: days[0]!, to: days.at(-1)! });
  // The day's latest session of each halqa: the register a teacher would open again.
  const latest = (key: string) => registers.get(key)?.toSorted((a, b) => b.starts_at.localeCompare(a.starts_at))[0];
  const sessionIds = [...registers.values()].flatMap((list) => list.map((s) => s.id));
  const marks = sessionIds.length
    ? await db
        .select({
          sessionId: progressAttendance.sessionId,
          studentId: progressAttendance.studentId,
          data: progressAttendance.data,
        })
        .from(progressAttendance)
        .where(and(scoped(progressAttendance, school), inArray(progressAttendance.sessionId, sessionIds)))
    : [];
  const markOf = new Map(marks.map((m) => [`${m.sessionId} ${m.studentId}`, m.data.status as string]));

  return rows.map((row) => {
    const student = students.get(row.lineageId) ?? null;
    const session = student ? latest(dayKey(student.halqa_id, row.day)) : undefined;
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
