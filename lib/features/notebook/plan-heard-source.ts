import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { progressRecitations, progressStudents } from "@/lib/db/schema";
import { defaultPlansDb } from "@/lib/features/plans/db";
import { plansOfStudents } from "@/lib/features/plans/mirror/reads";
import { planHeard, type PlanHeard } from "./plan-heard";

/** Plan against register for these students, from the synced plan store and the progress read model: no v1 call. */
export async function planHeardOf(scope: { connectionId: string; tenantId: string }, studentIds: readonly string[], today: string): Promise<PlanHeard[]> {
  if (studentIds.length === 0) return [];
  const db = await defaultPlansDb();
  const [plans, rows] = await Promise.all([
    plansOfStudents(db, scope, studentIds),
    db
      .select({ data: progressRecitations.data })
      .from(progressRecitations)
      .where(and(eq(progressRecitations.connectionId, scope.connectionId), eq(progressRecitations.tenantId, scope.tenantId), inArray(progressRecitations.studentId, [...studentIds]))),
  ]);
  const wanted = new Set(studentIds);
  const assignments = plans.flatMap(({ assignments }) => assignments).filter((a) => wanted.has(a.student_id));
  return planHeard(assignments, rows.map((row) => row.data), today);
}

/** A halqa's plan against register: its active students as the progress read model has them, with their names. */
export async function halqaPlanHeard(scope: { connectionId: string; tenantId: string }, halqaId: string, today: string): Promise<{ items: PlanHeard[]; names: Map<string, string> }> {
  const db = await defaultPlansDb();
  const students = await db
    .select({ data: progressStudents.data })
    .from(progressStudents)
    .where(and(eq(progressStudents.connectionId, scope.connectionId), eq(progressStudents.tenantId, scope.tenantId), eq(progressStudents.halqaId, halqaId)));
  const active = students.map((row) => row.data).filter((s) => s.halqa_id === halqaId && s.status === "active");
  const names = new Map(active.map((s) => [s.id, s.preferred_name || s.full_name]));
  return { items: await planHeardOf(scope, [...names.keys()], today), names };
}
