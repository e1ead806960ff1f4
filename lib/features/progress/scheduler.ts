import "server-only";
import { intervalMinutesFromEnv, startSyncScheduler, type SyncScheduler } from "@/lib/features/plans/sync/scheduler";
import type { ProgressSyncResult } from "./sync";
import { logger } from "@/lib/ops/log";

/**
 * The progress read model's schedule (docs/progress.md): the plan sync's scheduler running
 * `syncProgress` for every school connection, every `PROGRESS_SYNC_INTERVAL_MINUTES` (default: the
 * plan sync's interval, `PLAN_SYNC_INTERVAL_MINUTES`, 15; 0 turns it off), first 35 s after start
 * (just after the plan sync's first tick). Denied connections back off like the plan sync's.
 */
export function progressIntervalMinutes(env: Record<string, string | undefined> = process.env): number {
  const own = env.PROGRESS_SYNC_INTERVAL_MINUTES?.trim();
  return intervalMinutesFromEnv(own ? { PLAN_SYNC_INTERVAL_MINUTES: own } : env);
}

export function startProgressScheduler(env: Record<string, string | undefined> = process.env): SyncScheduler {
  const log = (message: string) => logger().info({ kind: "progress_sync" }, message);
  const scheduler = startSyncScheduler<ProgressSyncResult>({
    intervalMinutes: progressIntervalMinutes(env),
    initialDelayMs: 35_000,
    log,
    run: async (connectionId) => (await import("./sync")).syncProgress(connectionId),
    summary: (result) =>
      result.status === "completed"
        ? `${result.mode} cycle, ${result.cycle.sessions} sessions, ${result.cycle.attendance} attendance rows, ${result.cycle.recitations} recitations, ${result.requests} requests in ${result.durationMs} ms`
        : result.status,
  });
  if (scheduler.enabled) log(`every ${scheduler.intervalMs / 60_000} minutes for each school connection`);
  return scheduler;
}
