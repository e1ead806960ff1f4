import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { progressStudents } from "@/lib/db/schema";
import type { DashboardDb } from "@/lib/db/client";
import { halqaStudents } from "@/lib/features/progress/read-model";
import { byDueThenStudent, type HeardState, type PlanHeard } from "./plan-heard";
import { planHeardStates, sqlList } from "./plan-heard-query";
import { calledName } from "@/lib/features/students/display-names";

/**
 * Plan against register for these students, from the synced plan store and the progress read model:
 * no v1 call. The database judges each assignment (plan-heard-query.ts); the rows come back in the
 * plan store's order (by plan, then position) and are sorted as `planHeard` sorts them.
 */
export async function planHeardOf(
  scope: { connectionId: string; tenantId: string },
  studentIds: readonly string[],
  today: string,
): Promise<PlanHeard[]> {
  if (studentIds.length === 0) return [];
  const db = await dashboardDb();
  const ids = sqlList([...new Set(studentIds)]);
  const rows = await rowsOf<StateRow>(
    db,
    sql`select * from (${planHeardStates(scope, ids, today)}) as judged order by plan_id, position, id`,
  );
  return rows
    .map((row): PlanHeard => ({
      assignmentId: row.id,
      studentId: row.student_id,
      dueDate: row.due_date,
      state: row.state,
      segments: row.segments,
    }))
    .sort(byDueThenStudent);
}

/**
 * Plan against register counted per halqa, over the active students of `halqaIds` as the progress
 * read model has them (the admin's overview): each halqa's judged assignments and how many are
 * heard and partly heard, counted in the database, so a school of thousands of students is a row a halqa.
 */
export async function planHeardByHalqa(
  scope: { connectionId: string; tenantId: string },
  halqaIds: readonly string[],
  today: string,
): Promise<Map<string, HeardCounts>> {
  if (halqaIds.length === 0) return new Map();
  const db = await dashboardDb();
  const halqas = sqlList(halqaIds);
  const active = sql`s.connection_id = ${scope.connectionId} and s.tenant_id = ${scope.tenantId}
    and s.halqa_id in (${halqas}) and s.data->>'status' = 'active'`;
  const rows = await rowsOf<HeardCounts & { halqa_id: string }>(
    db,
    sql`select s.halqa_id, count(*)::int as due, (count(*) filter (where j.state = 'heard'))::int as heard,
        (count(*) filter (where j.state = 'partly'))::int as partly
      from (${planHeardStates(scope, sql`select s.id from ${progressStudents} s where ${active}`, today)}) as j
      join ${progressStudents} s on s.connection_id = ${scope.connectionId} and s.id = j.student_id
      where ${active}
      group by s.halqa_id`,
  );
  return new Map(rows.map((row) => [row.halqa_id, { due: row.due, heard: row.heard, partly: row.partly }]));
}

/** A halqa's judged assignments: how many, how many heard, how many partly heard (the rest are not heard yet). */
export type HeardCounts = { due: number; heard: number; partly: number };

type StateRow = {
  id: string;
  student_id: string;
  due_date: string;
  state: HeardState;
  segments: PlanHeard["segments"];
};

const rowsOf = async <T>(db: DashboardDb, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A halqa's plan against register: its active students as the progress read model has them, with their names. */
export async function halqaPlanHeard(
  scope: { connectionId: string; tenantId: string },
  halqaId: string,
  today: string,
): Promise<{ items: PlanHeard[]; names: Map<string, string> }> {
  const students = await halqaStudents(scope, halqaId);
  const active = students.filter((s) => s.halqa_id === halqaId && s.status === "active");
  const names = new Map(active.map((s) => [s.id, calledName(s)]));
  return { items: await planHeardOf(scope, [...names.keys()], today), names };
}
