import "server-only";
import { eq } from "drizzle-orm";
import { planSyncState, type SyncCounts, type SyncProblem } from "@/lib/db/schema-plans";
import type { DashboardDb } from "@/lib/db/client";

export type SyncStatus = {
  connectionId: string;
  /** The school the mirror holds. */
  tenantId: string | null;
  lastCompletedAt: Date | null;
  lastMode: "full" | "incremental" | null;
  lastCounts: (SyncCounts & { durationMs: number }) | null;
  /** The running cycle (lease held), or an interrupted one waiting to resume. */
  cycle: {
    id: string;
    mode: "full" | "incremental";
    running: boolean;
    startedAt: Date | null;
    updatedAt: Date | null;
    phase: string | null;
    counts: SyncCounts;
    expectedPlans: number | null;
  } | null;
  /** Why the last attempt stopped; cleared by a complete cycle. */
  problem: SyncProblem | null;
};

/** Last sync time and status, and the progress of a running cycle (for a progress bar that polls). */
export async function getSyncStatus(
  db: DashboardDb,
  connectionId: string,
  now: Date = new Date(),
): Promise<SyncStatus> {
  const [row] = await db.select().from(planSyncState).where(eq(planSyncState.connectionId, connectionId)).limit(1);
  if (!row)
    return {
      connectionId,
      tenantId: null,
      lastCompletedAt: null,
      lastMode: null,
      lastCounts: null,
      cycle: null,
      problem: null,
    };
  const running =
    row.leaseOwner !== null && row.leaseExpiresAt !== null && row.leaseExpiresAt.getTime() > now.getTime();
  return {
    connectionId,
    tenantId: row.tenantId,
    lastCompletedAt: row.lastCompletedAt,
    lastMode: row.lastMode,
    lastCounts: row.lastCounts,
    cycle:
      row.cycleId && row.cycleMode
        ? {
            id: row.cycleId,
            mode: row.cycleMode,
            running,
            startedAt: row.cycleStartedAt,
            updatedAt: row.cycleUpdatedAt,
            phase: row.cyclePhase,
            counts: row.cycleCounts ?? { plans: 0, assignments: 0, requests: 0, pages: 0 },
            expectedPlans: row.cycleExpectedPlans,
          }
        : null,
    problem: row.lastError,
  };
}
