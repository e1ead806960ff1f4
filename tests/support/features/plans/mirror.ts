import type { DashboardDb } from "@/lib/db/client";
import type { LearningPlan } from "@/lib/contract";
import type { V1Client } from "@/lib/v1";
import type { EmbeddedSchool } from "@/tests/support/school-api/embedded-school";
import { listSyncedPlans, type PlanPageRequest, type StoreScope } from "@/lib/features/plans/mirror/reads";

/** Test support for the synced plan mirror. */

/** Every keyset page of the mirror's plans, forwards from the first: the ids of each page, and all of them in order. */
export async function everySyncedPage(
  db: DashboardDb,
  scope: StoreScope,
  request: Omit<PlanPageRequest, "after" | "before">,
): Promise<{ pages: string[][]; seen: string[] }> {
  const seen: string[] = [];
  const pages: string[][] = [];
  let after: string | undefined;
  for (;;) {
    const page = await listSyncedPlans(db, scope, { ...request, after });
    pages.push(page.plans.map((p) => p.id));
    seen.push(...page.plans.map((p) => p.id));
    if (!page.nextAfter) break;
    after = page.nextAfter;
  }
  return { pages, seen };
}

/**
 * Replaces the plan's current assignment through the school's own operation (due 2031-07-08):
 * answers the plan's history before, the assignment replaced and its replacement.
 */
export async function replaceCurrentAssignment(
  school: EmbeddedSchool,
  client: V1Client,
  plan: LearningPlan,
  extra: { explanation?: string } = {},
) {
  const history = (await client.listAll("listAssignments", { params: { id: plan.id } })).items;
  const target = history.find((a) => a.superseded_at === null)!;
  const { replacement } = await school.admin<{ replacement: { id: string } }>("replace-assignment", {
    assignmentId: target.id,
    dueDate: "2031-07-08",
    ...extra,
  });
  return { history, target, replacement };
}
