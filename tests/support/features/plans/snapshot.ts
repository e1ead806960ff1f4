import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Assignment, LearningPlan } from "@/lib/contract";
import { syncedAssignments, syncedPlans } from "@/lib/db/schema-plans";
import type { V1Client } from "@/lib/v1";
import type { DashboardDb } from "@/lib/db/client";

/** Test and bench support: what the API holds about plans and what the mirror holds, record for record. */

export type Snapshot = {
  plans: Map<string, LearningPlan>;
  assignments: Map<string, { planId: string; position: number; data: Assignment }>;
};

/** Everything the API holds about plans, read with complete traversals. */
export async function apiSnapshot(client: V1Client): Promise<Snapshot> {
  const { items: plans } = await client.listAll("listPlans", { query: { limit: 100 } });
  const assignments: Snapshot["assignments"] = new Map();
  for (const plan of plans) {
    const { items } = await client.listAll("listAssignments", { params: { id: plan.id }, query: { limit: 100 } });
    items.forEach((assignment, position) =>
      assignments.set(assignment.id, { planId: plan.id, position, data: assignment }),
    );
  }
  return { plans: new Map(plans.map((plan) => [plan.id, plan])), assignments };
}

/** Everything the store holds for one connection. */
export async function storeSnapshot(
  db: DashboardDb,
  connectionId: string,
): Promise<Snapshot & { planRows: number; assignmentRows: number }> {
  const plans = await db
    .select()
    .from(syncedPlans)
    .where(eq(syncedPlans.connectionId, connectionId))
    .orderBy(asc(syncedPlans.id));
  const rows = await db
    .select()
    .from(syncedAssignments)
    .where(and(eq(syncedAssignments.connectionId, connectionId)))
    .orderBy(asc(syncedAssignments.planId), asc(syncedAssignments.position));
  return {
    plans: new Map(plans.map((row) => [row.id, row.data])),
    assignments: new Map(rows.map((row) => [row.id, { planId: row.planId, position: row.position, data: row.data }])),
    planRows: plans.length,
    assignmentRows: rows.length,
  };
}
