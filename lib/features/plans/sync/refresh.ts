import "server-only";
import { eq } from "drizzle-orm";
import type { Assignment, LearningPlan } from "@/lib/contract";
import { planSyncState } from "@/lib/db/schema-plans";
import { checkTenant } from "@/lib/features/sync/problem";
import { failureOf, isNotFound, type V1Client } from "@/lib/v1";
import { dashboardDb } from "@/lib/db";
import { recordsChanged } from "@/lib/db/changes";
import type { DashboardDb } from "@/lib/db/client";
import { storePlans } from "../mirror/writes";
import { traverseHistory } from "./traversal";

/**
 * A detail page's live refresh: one plan and its whole history from the API, stored as a cycle
 * would store them (newer versions win; nothing is deleted). It does not move the watermark, so
 * the next cycle still sees everything. Refuses a key that now answers for another school than
 * the one the mirror holds. Returns false when the API no longer has the plan.
 */
export async function refreshPlan(
  connectionId: string,
  planId: string,
  options: { db?: DashboardDb; client?: Pick<V1Client, "call" | "tenant">; signal?: AbortSignal } = {},
): Promise<boolean> {
  const db = options.db ?? (await dashboardDb());
  const client = options.client ?? (await import("@/lib/connections")).clientFor(connectionId);
  const { signal } = options;
  const [school, [state]] = await Promise.all([
    client.tenant(),
    db
      .select({ tenantId: planSyncState.tenantId })
      .from(planSyncState)
      .where(eq(planSyncState.connectionId, connectionId))
      .limit(1),
  ]);
  checkTenant(state?.tenantId, school.id);
  let plan: LearningPlan;
  let history: Assignment[];
  try {
    [plan, history] = await Promise.all([
      client.call("getPlan", { params: { id: planId }, signal }),
      traverseHistory(client.call, planId, signal),
    ]);
  } catch (error) {
    if (isNotFound(failureOf(error))) return false;
    throw error;
  }
  const scope = { connectionId, tenantId: school.id, syncedAt: new Date() };
  await db.transaction((tx) => storePlans(tx, scope, [plan], [history]));
  recordsChanged(connectionId);
  return true;
}
