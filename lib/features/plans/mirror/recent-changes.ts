import "server-only";
import { and, count, eq, gte, inArray, isNotNull, max } from "drizzle-orm";
import type { LearningPlan } from "@/lib/contract";
import { planStatusChanges, syncedAssignments, syncedPlans } from "@/lib/db/schema-plans";
import { progressStudents } from "@/lib/db/schema-progress";
import type { PlanStudent } from "../changes-view";
import { changesSince, newestFirst, type PlanChange, type ReplacementSummary } from "../changes";
import type { DashboardDb } from "@/lib/db/client";
import { historyOf, type StoreScope } from "./reads";

/** How often each plan's assignments were replaced, and when last (plans without a replacement are absent). */
export async function replacementsOf(
  db: DashboardDb,
  scope: StoreScope,
  planIds: readonly string[],
): Promise<Map<string, ReplacementSummary>> {
  const result = new Map<string, ReplacementSummary>();
  if (planIds.length === 0) return result;
  const where = [
    eq(syncedAssignments.connectionId, scope.connectionId),
    inArray(syncedAssignments.planId, [...planIds]),
    isNotNull(syncedAssignments.supersededAt),
  ];
  if (scope.tenantId) where.push(eq(syncedAssignments.tenantId, scope.tenantId));
  const rows = await db
    .select({ planId: syncedAssignments.planId, n: count(), lastAt: max(syncedAssignments.supersededAt) })
    .from(syncedAssignments)
    .where(and(...where))
    .groupBy(syncedAssignments.planId);
  for (const row of rows)
    result.set(row.planId, { count: row.n, lastAt: row.lastAt ? new Date(row.lastAt).toISOString() : null });
  return result;
}

/** At most this many plans are read for one "what changed" view; the view says when it was cut. */
export const CHANGED_PLANS_LIMIT = 300;

export type RecentChanges = {
  changes: PlanChange[];
  plans: Map<string, LearningPlan>;
  /** Each assignment's 1-based place in its plan's history, as the timeline numbers it. */
  numbers: Map<string, number>;
  truncated: boolean;
};

/**
 * Everything that happened to the school's plans since `since`, from the synced store (no v1
 * call): the plans whose assignments were written since then (every change moves an assignment's
 * `updated_at`), their whole histories and the changes read from those (`changesSince`), and the
 * plans' own state changes the sync recorded (`plan_status_changes`).
 */
export async function recentChanges(db: DashboardDb, scope: StoreScope, since: Date): Promise<RecentChanges> {
  const where = [eq(syncedAssignments.connectionId, scope.connectionId), gte(syncedAssignments.updatedAt, since)];
  if (scope.tenantId) where.push(eq(syncedAssignments.tenantId, scope.tenantId));
  const [touched, states] = await Promise.all([
    db
      .selectDistinct({ planId: syncedAssignments.planId })
      .from(syncedAssignments)
      .where(and(...where))
      .orderBy(syncedAssignments.planId)
      .limit(CHANGED_PLANS_LIMIT + 1),
    statusChangesSince(db, scope, since),
  ]);
  const historyIds = touched.slice(0, CHANGED_PLANS_LIMIT).map((row) => row.planId);
  const planIds = [...new Set([...historyIds, ...states.map((change) => change.planId)])];
  if (planIds.length === 0) return { changes: [], plans: new Map(), numbers: new Map(), truncated: false };
  const planWhere = [eq(syncedPlans.connectionId, scope.connectionId), inArray(syncedPlans.id, planIds)];
  if (scope.tenantId) planWhere.push(eq(syncedPlans.tenantId, scope.tenantId));
  const [histories, planRows] = await Promise.all([
    historyOf(db, scope, historyIds),
    db
      .select({ data: syncedPlans.data })
      .from(syncedPlans)
      .where(and(...planWhere)),
  ]);
  const plans = new Map(planRows.map((row) => [row.data.id, row.data]));
  const stateChanges: PlanChange[] = states.map((change) => ({
    kind: "planState",
    at: change.at,
    planId: change.planId,
    assignmentId: null,
    replacementId: null,
    from: change.from,
    to: change.to,
  }));
  const changes = [...[...histories.values()].flatMap((history) => changesSince(history, since)), ...stateChanges]
    .filter((change) => plans.has(change.planId))
    .sort(newestFirst);
  const numbers = new Map(
    [...histories.values()].flatMap((history) =>
      history.map((assignment, index) => [assignment.id, index + 1] as const),
    ),
  );
  return { changes, plans, numbers, truncated: touched.length > CHANGED_PLANS_LIMIT };
}

export type PlanStatusChange = { planId: string; from: string; to: string; at: string };

/** Plan state changes since a time (recorded by ./writes.ts `recordStatusChanges`), newest first. */
export async function statusChangesSince(
  db: DashboardDb,
  scope: StoreScope,
  since: Date,
  limit = 500,
): Promise<PlanStatusChange[]> {
  const where = [eq(planStatusChanges.connectionId, scope.connectionId), gte(planStatusChanges.at, since)];
  if (scope.tenantId) where.push(eq(planStatusChanges.tenantId, scope.tenantId));
  const rows = await db
    .select()
    .from(planStatusChanges)
    .where(and(...where))
    .orderBy(planStatusChanges.at)
    .limit(limit);
  return rows
    .map((row) => ({ planId: row.planId, from: row.fromStatus, to: row.toStatus, at: row.at.toISOString() }))
    .reverse();
}

/** Students by id as the progress store holds them (name and halqa); absent: not synced yet. */
export async function studentsOf(
  db: DashboardDb,
  scope: StoreScope,
  ids: readonly string[],
): Promise<Map<string, PlanStudent>> {
  const result = new Map<string, PlanStudent>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return result;
  const where = [eq(progressStudents.connectionId, scope.connectionId), inArray(progressStudents.id, unique)];
  if (scope.tenantId) where.push(eq(progressStudents.tenantId, scope.tenantId));
  const rows = await db
    .select({ data: progressStudents.data })
    .from(progressStudents)
    .where(and(...where));
  for (const { data } of rows) result.set(data.id, { id: data.id, name: data.full_name, halqaId: data.halqa_id });
  return result;
}
