import "server-only";
import { and, eq, gte, inArray } from "drizzle-orm";
import type { LearningPlan } from "@/lib/contract";
import { planStatusChanges, syncedPlans } from "@/lib/db/schema-plans";
import type { PlansDb, PlansExecutor } from "./db";
import type { StoreScope } from "./store";

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

export type PlanStatusChange = { planId: string; from: string; to: string; at: string };

/** Plan state changes since a time, newest first. */
export async function statusChangesSince(db: PlansDb, scope: StoreScope, since: Date, limit = 500): Promise<PlanStatusChange[]> {
  const where = [eq(planStatusChanges.connectionId, scope.connectionId), gte(planStatusChanges.at, since)];
  if (scope.tenantId) where.push(eq(planStatusChanges.tenantId, scope.tenantId));
  const rows = await db
    .select()
    .from(planStatusChanges)
    .where(and(...where))
    .orderBy(planStatusChanges.at)
    .limit(limit);
  return rows.map((row) => ({ planId: row.planId, from: row.fromStatus, to: row.toStatus, at: row.at.toISOString() })).reverse();
}
