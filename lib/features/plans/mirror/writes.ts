import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Assignment, LearningPlan } from "@/lib/contract";
import { planStatusChanges, syncedPlans } from "@/lib/db/schema-plans";
import type { PlansExecutor } from "../db";

/**
 * The writes of the plan mirror (its reads are ./reads.ts), made by the sync and a detail page's
 * live refresh: one `insert … on conflict` per batch, the rows travelling as ONE
 * JSON parameter (unpacked by `jsonb_to_recordset`) instead of a dozen bind parameters a row —
 * building and serialising 12,000 parameters for a page of 1,000 assignments cost more than the
 * insert itself. Newer or equal versions win: a slower, older read never overwrites a newer record.
 */

export type RowScope = { connectionId: string; tenantId: string; syncedAt: Date };

/** Rows per statement: bounds one statement's JSON text. */
const ROWS_PER_STATEMENT = 2_000;

const isoOrNull = (value: string | null) => (value ? new Date(value).toISOString() : null);

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** A plan's whole history, in the API's order (`position` 0 first), upserted by id. */
export async function upsertHistories(tx: PlansExecutor, scope: RowScope, histories: Iterable<readonly Assignment[]>): Promise<number> {
  const rows = [...histories].flatMap((history) =>
    history.map((assignment, position) => ({
      id: assignment.id,
      plan_id: assignment.plan_id,
      student_id: assignment.student_id,
      position,
      status: assignment.status,
      superseded_at: isoOrNull(assignment.superseded_at),
      replaced_by: assignment.replaced_by_assignment_id,
      updated_at: new Date(assignment.updated_at).toISOString(),
      data: assignment,
    })),
  );
  for (const chunk of chunks(rows, ROWS_PER_STATEMENT)) {
    await tx.execute(sql`
      insert into synced_assignments (connection_id, id, tenant_id, plan_id, student_id, position, status, superseded_at, replaced_by_assignment_id, updated_at, data, synced_at)
      select ${scope.connectionId}, r.id, ${scope.tenantId}, r.plan_id, r.student_id, r.position, r.status, r.superseded_at, r.replaced_by, r.updated_at, r.data, ${scope.syncedAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as r(id text, plan_id text, student_id text, position int, status text, superseded_at timestamptz, replaced_by text, updated_at timestamptz, data jsonb)
      on conflict (connection_id, id) do update set
        tenant_id = excluded.tenant_id, plan_id = excluded.plan_id, student_id = excluded.student_id, position = excluded.position,
        status = excluded.status, superseded_at = excluded.superseded_at, replaced_by_assignment_id = excluded.replaced_by_assignment_id,
        updated_at = excluded.updated_at, data = excluded.data, synced_at = excluded.synced_at
      where synced_assignments.updated_at <= excluded.updated_at
    `);
  }
  return rows.length;
}

/** Plans upserted by id. */
export async function upsertPlanRows(tx: PlansExecutor, scope: RowScope, plans: readonly LearningPlan[]): Promise<void> {
  for (const chunk of chunks(plans, ROWS_PER_STATEMENT)) {
    const rows = chunk.map((plan) => ({ id: plan.id, student_id: plan.student_id, status: plan.status, updated_at: new Date(plan.updated_at).toISOString(), data: plan }));
    await tx.execute(sql`
      insert into synced_plans (connection_id, id, tenant_id, student_id, status, updated_at, data, synced_at)
      select ${scope.connectionId}, r.id, ${scope.tenantId}, r.student_id, r.status, r.updated_at, r.data, ${scope.syncedAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, student_id text, status text, updated_at timestamptz, data jsonb)
      on conflict (connection_id, id) do update set
        tenant_id = excluded.tenant_id, student_id = excluded.student_id, status = excluded.status,
        updated_at = excluded.updated_at, data = excluded.data, synced_at = excluded.synced_at
      where synced_plans.updated_at <= excluded.updated_at
    `);
  }
}

/**
 * Records the state changes an upsert of these plans is about to make: a stored plan whose newer
 * version (later `updated_at`) is in another state. Runs in the upsert's transaction, before it, so
 * the stored state read is the one being replaced; a repeat of the same version records nothing
 * (the primary key holds one row per plan and time).
 */
export async function recordStatusChanges(tx: PlansExecutor, scope: { connectionId: string; tenantId: string }, plans: readonly LearningPlan[], seenAt: Date): Promise<number> {
  if (plans.length === 0) return 0;
  const stored = await tx
    .select({ id: syncedPlans.id, status: syncedPlans.status, updatedAt: syncedPlans.updatedAt })
    .from(syncedPlans)
    .where(and(eq(syncedPlans.connectionId, scope.connectionId), inArray(syncedPlans.id, plans.map((plan) => plan.id))));
  const before = new Map(stored.map((row) => [row.id, row]));
  const rows = plans.flatMap((plan) => {
    const old = before.get(plan.id);
    const at = new Date(plan.updated_at);
    if (!old || old.status === plan.status || at.getTime() <= old.updatedAt.getTime()) return [];
    return [{ connectionId: scope.connectionId, tenantId: scope.tenantId, planId: plan.id, fromStatus: old.status, toStatus: plan.status, at, seenAt }];
  });
  if (rows.length) await tx.insert(planStatusChanges).values(rows).onConflictDoNothing();
  return rows.length;
}

/**
 * Stores plans and histories as one step (call inside a transaction): the histories first, then
 * the plans' state changes and the plans, so that "this plan is stored at this `updated_at`"
 * implies its history is too.
 */
export async function storePlans(tx: PlansExecutor, scope: RowScope, plans: readonly LearningPlan[], histories: Iterable<readonly Assignment[]>): Promise<void> {
  await upsertHistories(tx, scope, histories);
  if (plans.length > 0) await recordStatusChanges(tx, scope, plans, scope.syncedAt);
  await upsertPlanRows(tx, scope, plans);
}
