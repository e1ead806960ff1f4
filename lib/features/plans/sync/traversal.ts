import "server-only";
import type { Assignment, LearningPlan } from "@/lib/contract";
import type { SyncMode } from "@/lib/db/sync-state";
import { eachLimited, traverseAll, type SyncClient } from "@/lib/features/sync/traverse";
import { failureOf, isNotFound } from "@/lib/v1";
import type { DashboardDb } from "@/lib/db/client";
import { storedVersions } from "../mirror/reads";

/**
 * The plan sync's reads of the school's API (steps 1-2 and 4 of the spec's procedure): one page of
 * plans, and the whole assignment history of each plan of a page.
 */

/** Where a traversal of the plans stands: the filters it is bound to and the cursor of its next page. */
export type TraversalPosition = { mode: SyncMode; cursor: string | null; updatedAfter: string | null };

export function listPlansPage(
  call: SyncClient["call"],
  from: TraversalPosition,
  limit: number,
  signal: AbortSignal | undefined,
) {
  return call("listPlans", {
    query: {
      limit,
      ...(from.cursor ? { cursor: from.cursor } : {}),
      ...(from.updatedAfter ? { updated_after: from.updatedAfter } : {}),
    },
    signal,
  });
}

/** The whole history of one plan, in the API's order (every page; only this plan's assignments, invariant 7). */
export async function traverseHistory(
  call: SyncClient["call"],
  planId: string,
  signal: AbortSignal | undefined,
): Promise<Assignment[]> {
  return (await traverseAll(call, "listAssignments", { params: { id: planId }, query: { limit: 100 }, signal })).items;
}

export type PageHistories = { histories: Map<string, Assignment[]>; vanished: Set<string> };
export type FetchedPage = { page: Awaited<ReturnType<typeof listPlansPage>>; histories: Promise<PageHistories> };

/**
 * Every plan's history of one page, at most `concurrency` at once. In an incremental cycle a plan
 * whose `updated_at` the store already holds is not traversed again: its history cannot have
 * changed (the contract moves `updated_at` with every history change) and was stored with it. A
 * full cycle traverses every history.
 */
export async function fetchHistories(
  db: DashboardDb,
  call: SyncClient["call"],
  input: {
    connectionId: string;
    mode: SyncMode;
    plans: LearningPlan[];
    concurrency: number;
    signal: AbortSignal | undefined;
  },
): Promise<PageHistories> {
  const { plans, signal } = input;
  const known =
    input.mode === "incremental"
      ? await storedVersions(
          db,
          input.connectionId,
          plans.map((plan) => plan.id),
        )
      : new Map<string, number>();
  const histories = new Map<string, Assignment[]>();
  const vanished = new Set<string>();
  await eachLimited(plans, input.concurrency, async (plan) => {
    if (known.get(plan.id) === Date.parse(plan.updated_at)) return;
    try {
      histories.set(plan.id, await traverseHistory(call, plan.id, signal));
    } catch (error) {
      // Gone between the list and its history: keep what the store has; the next cycle sees it again if it returns.
      if (isNotFound(failureOf(error))) vanished.add(plan.id);
      else throw error;
    }
  });
  return { histories, vanished };
}
