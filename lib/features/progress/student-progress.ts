import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/auth/actor";
import { clientFor } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import { listSyncedPlans, type StoreScope } from "@/lib/features/plans/mirror/reads";
import { getSyncStatus } from "@/lib/features/plans/sync/status";
import { currentPlan, trackShares, type StaffPlanProgress } from "@/lib/features/plans/plan-progress";
import type { MapRecitation } from "./quran-map";
import { progressFreshness, studentHistory } from "./read-model";

/** Staff see the plan a student works through, or one paused or finished, latest first. */
const STAFF_PLAN_STATES = ["active", "paused", "completed"] as const;

/**
 * The recitations a map is drawn from: the ones a page read live from the API (this record,
 * complete and fresh) and the read model's of the student's other records (same lineage); the live
 * copy of a recitation wins.
 */
export function withLineage<T extends Pick<MapRecitation, "id">>(live: readonly T[], stored: readonly T[]): T[] {
  const byId = new Map(stored.map((recitation) => [recitation.id, recitation]));
  for (const recitation of live) byId.set(recitation.id, recitation);
  return [...byId.values()];
}

/**
 * The student's learning plan progress from the synced plan store. "unavailable" when the plan sync
 * is refused (Learning Plans off for the school, or the key lacks the scope).
 */
async function planProgress(db: DashboardDb, scope: StoreScope, studentId: string): Promise<StaffPlanProgress> {
  const [status, { plans }] = await Promise.all([
    getSyncStatus(db, scope.connectionId),
    listSyncedPlans(db, scope, { studentIds: [studentId], limit: 200 }),
  ]);
  const plan = currentPlan(plans, STAFF_PLAN_STATES);
  if (plan) return { state: "plan", id: plan.id, name: plan.name, tracks: trackShares(plan) };
  return status.problem?.kind === "denied" ? { state: "unavailable" } : { state: "none" };
}

/**
 * What the staff student page adds beside its own reads: the plan's progress, the student's whole
 * history (every record of the lineage) and how fresh that is. No v1 call: the stores only (the
 * tenant is the memoized GET /school). Cached per request: the map and the attendance section share one read.
 */
export const loadStudentProgress = cache(async (actor: Actor, studentId: string) => {
  const [db, tenant] = await Promise.all([dashboardDb(), clientFor(actor.connectionId).tenant()]);
  const scope = { connectionId: actor.connectionId, tenantId: tenant.id };
  const [plan, history, freshness] = await Promise.all([
    planProgress(db, scope, studentId),
    studentHistory(scope, studentId, db),
    progressFreshness(scope, db),
  ]);
  return { plan, history, freshness };
});
