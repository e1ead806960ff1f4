import "server-only";
import type { Actor } from "@/lib/auth/users";
import { clientFor } from "@/lib/connections";
import { defaultPlansDb } from "@/lib/features/plans/db";
import { getSyncStatus, listSyncedPlans } from "@/lib/features/plans/store";
import { currentPlan, trackShares, type StaffPlanProgress } from "./plan-progress";

/** Staff see the plan a student works through, or one paused or finished, latest first. */
const STAFF_PLAN_STATES = ["active", "paused", "completed"] as const;

/**
 * The student's learning plan progress from the synced plan store (no v1 call: the tenant is the
 * memoized GET /school). "unavailable" when the plan sync is refused (Learning Plans off for the
 * school, or the key lacks the scope).
 */
export async function loadStaffPlanProgress(actor: Actor, studentId: string): Promise<StaffPlanProgress> {
  const [db, tenant] = await Promise.all([defaultPlansDb(), clientFor(actor.connectionId).tenant()]);
  const [status, { plans }] = await Promise.all([
    getSyncStatus(db, actor.connectionId),
    listSyncedPlans(db, { connectionId: actor.connectionId, tenantId: tenant.id }, { studentIds: [studentId], limit: 200 }),
  ]);
  const plan = currentPlan(plans, STAFF_PLAN_STATES);
  if (plan) return { state: "plan", id: plan.id, name: plan.name, tracks: trackShares(plan) };
  return status.problem?.kind === "denied" ? { state: "unavailable" } : { state: "none" };
}
