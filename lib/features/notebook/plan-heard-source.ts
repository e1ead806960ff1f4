import "server-only";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { progressRecitations, syncedAssignments } from "@/lib/db/schema";
import { addDays } from "@/lib/dates";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import { halqaStudents } from "@/lib/features/progress/read-model";
import { isJudged, planHeard, WEEK_DAYS, type JudgedAssignment, type PlanHeard } from "./plan-heard";

/**
 * Plan against register for these students, from the synced plan store and the progress read model:
 * no v1 call. Only the recitations that can count are read: those of the students with an assignment
 * to judge, recorded since the earliest of those assignments was published.
 */
export async function planHeardOf(
  scope: { connectionId: string; tenantId: string },
  studentIds: readonly string[],
  today: string,
): Promise<PlanHeard[]> {
  if (studentIds.length === 0) return [];
  const db = await dashboardDb();
  const assignments = await judgedAssignmentsOf(db, scope, studentIds, today);
  if (assignments.length === 0) return [];
  const since = assignments.reduce(
    (earliest, a) => (a.published_at < earliest ? a.published_at : earliest),
    assignments[0]!.published_at,
  );
  const rows = await db
    .select({ data: progressRecitations.data })
    .from(progressRecitations)
    .where(
      and(
        eq(progressRecitations.connectionId, scope.connectionId),
        eq(progressRecitations.tenantId, scope.tenantId),
        inArray(progressRecitations.studentId, [...new Set(assignments.map((a) => a.student_id))]),
        gte(progressRecitations.recordedAt, new Date(since)),
      ),
    );
  return planHeard(
    assignments,
    rows.map((row) => row.data),
    today,
  );
}

/**
 * The assignments of these students that plan against register judges today (`isJudged`), in the
 * plan store's order (by plan, then position). The database narrows them to those due within a
 * week of today, so a school of thousands of students reads its week's assignments, not every
 * plan's history (it read at most 200 plans before: a larger school's overview missed the rest).
 */
async function judgedAssignmentsOf(
  db: DashboardDb,
  scope: { connectionId: string; tenantId: string },
  studentIds: readonly string[],
  today: string,
): Promise<JudgedAssignment[]> {
  const wanted = new Set(studentIds);
  const due = sql`left(${syncedAssignments.data}->>'due_date', 10)`;
  const rows = await db
    .select({ data: syncedAssignments.data })
    .from(syncedAssignments)
    .where(
      and(
        eq(syncedAssignments.connectionId, scope.connectionId),
        eq(syncedAssignments.tenantId, scope.tenantId),
        inArray(syncedAssignments.studentId, [...wanted]),
        sql`${due} between ${addDays(today, -WEEK_DAYS)} and ${addDays(today, WEEK_DAYS)}`,
      ),
    )
    .orderBy(asc(syncedAssignments.planId), asc(syncedAssignments.position), asc(syncedAssignments.id));
  return rows
    .map((row) => row.data)
    .filter((a): a is JudgedAssignment => wanted.has(a.student_id) && isJudged(a, today));
}

/** A halqa's plan against register: its active students as the progress read model has them, with their names. */
export async function halqaPlanHeard(
  scope: { connectionId: string; tenantId: string },
  halqaId: string,
  today: string,
): Promise<{ items: PlanHeard[]; names: Map<string, string> }> {
  const students = await halqaStudents(scope, halqaId);
  const active = students.filter((s) => s.halqa_id === halqaId && s.status === "active");
  const names = new Map(active.map((s) => [s.id, s.preferred_name || s.full_name]));
  return { items: await planHeardOf(scope, [...names.keys()], today), names };
}
