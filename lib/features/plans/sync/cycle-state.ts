import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { planSyncState, type SyncCounts, type SyncProblem } from "@/lib/db/schema-plans";
import type { SyncMode } from "@/lib/db/sync-state";
import { recordsChanged } from "@/lib/db/changes";
import { acquireLease, leaseUntil, NO_CYCLE, RELEASED, writeIfOwned, writeOwned } from "@/lib/jobs/lease";
import type { DashboardDb, DashboardExecutor } from "@/lib/db/client";
import { storedPlanCount } from "../mirror/reads";
import type { TraversalPosition } from "./traversal";

/**
 * The plan sync's state row (`plan_sync_state`): the lease, the running cycle's cursor and counts,
 * committed with each page, and the last complete cycle. Every write is made only while this run
 * holds the lease (lib/jobs/lease.ts).
 */

type CycleRow = typeof planSyncState.$inferSelect;

export type Cycle = TraversalPosition & {
  id: string;
  resumed: boolean;
  watermark: string | null;
  counts: SyncCounts;
  expectedPlans: number | null;
};

/** Who runs, for how long the lease lasts without a committed page. */
export type LeaseHolder = { connectionId: string; owner: string; leaseMs: number };

const zeroCounts = (): SyncCounts => ({ plans: 0, assignments: 0, requests: 0, pages: 0 });

const NO_PLAN_CYCLE = { ...NO_CYCLE, cycleExpectedPlans: null, cycleUpdatedAt: null } as const;

/** The state row when this run got the lease (created on first use), or null when another run holds it. */
export function acquirePlanLease(
  db: DashboardDb,
  { connectionId, owner, leaseMs }: LeaseHolder,
): Promise<CycleRow | null> {
  return acquireLease(db, planSyncState, connectionId, owner, leaseMs);
}

/** Resumes the interrupted cycle when it fits the requested mode; otherwise starts one. */
export async function beginCycle(
  db: DashboardDb,
  holder: LeaseHolder,
  state: CycleRow,
  requested: "auto" | "full",
  tenantId: string,
): Promise<Cycle> {
  const interrupted = state.cycleId && state.cycleMode ? state : null;
  let cycle: Cycle;
  if (interrupted && (requested === "auto" || interrupted.cycleMode === "full")) {
    cycle = {
      id: interrupted.cycleId!,
      mode: interrupted.cycleMode!,
      resumed: true,
      updatedAfter: interrupted.cycleUpdatedAfter,
      cursor: interrupted.cycleCursor,
      watermark: interrupted.cycleWatermark,
      counts: { ...zeroCounts(), ...interrupted.cycleCounts },
      expectedPlans: interrupted.cycleExpectedPlans,
    };
  } else {
    const mode: SyncMode = requested === "full" || !state.watermark ? "full" : "incremental";
    let expectedPlans: number | null = null;
    if (mode === "full") {
      const stored = await storedPlanCount(db, holder.connectionId);
      expectedPlans = stored > 0 ? stored : null;
    }
    cycle = {
      id: randomUUID(),
      mode,
      resumed: false,
      updatedAfter: mode === "incremental" ? state.watermark : null,
      cursor: null,
      watermark: null,
      counts: zeroCounts(),
      expectedPlans,
    };
  }
  await writeOwned(db, planSyncState, holder.connectionId, holder.owner, {
    tenantId,
    cycleId: cycle.id,
    cycleMode: cycle.mode,
    cycleStartedAt: cycle.resumed ? undefined : sql`now()`,
    cycleUpdatedAfter: cycle.updatedAfter,
    cycleWatermark: cycle.watermark,
    cycleCursor: cycle.cursor,
    cyclePhase: "plans",
    cycleCounts: cycle.counts,
    cycleExpectedPlans: cycle.expectedPlans,
    cycleUpdatedAt: sql`now()`,
    leaseExpiresAt: leaseUntil(holder.leaseMs),
  });
  return cycle;
}

/** Saves the cursor of the next page and the cycle's counts, and extends the lease. */
export async function commitProgress(db: DashboardExecutor, holder: LeaseHolder, cycle: Cycle): Promise<void> {
  await writeOwned(db, planSyncState, holder.connectionId, holder.owner, {
    cycleCursor: cycle.cursor,
    cycleWatermark: cycle.watermark,
    cycleCounts: cycle.counts,
    cyclePhase: cycle.cursor === null ? "finishing" : "plans",
    cycleUpdatedAt: sql`now()`,
    leaseExpiresAt: leaseUntil(holder.leaseMs),
  });
}

/** Keeps the complete cycle as the last one (its watermark is the next `updated_after`) and releases the lease. */
export async function finishCycle(
  db: DashboardDb,
  holder: LeaseHolder,
  cycle: Cycle,
  watermark: string | null,
  durationMs: number,
): Promise<void> {
  await writeOwned(db, planSyncState, holder.connectionId, holder.owner, {
    watermark,
    lastCompletedAt: sql`now()`,
    lastMode: cycle.mode,
    lastCounts: { ...cycle.counts, durationMs },
    lastError: null,
    ...NO_PLAN_CYCLE,
    ...RELEASED,
  });
  recordsChanged(holder.connectionId);
}

/** Records why the run stopped and releases the lease (only if still ours). */
export async function recordProblem(
  db: DashboardDb,
  holder: LeaseHolder,
  problem: SyncProblem,
  { dropCycle }: { dropCycle: boolean },
): Promise<void> {
  await writeIfOwned(db, planSyncState, holder.connectionId, holder.owner, {
    lastError: problem,
    ...(dropCycle ? NO_PLAN_CYCLE : {}),
    ...RELEASED,
  });
}
