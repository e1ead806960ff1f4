/**
 * Server start-up (Next.js calls `register` once per server process). Starts the plan sync
 * Stamps each request with its socket address (lib/security/peer-stamp.ts). Starts the plan sync
 * scheduler (lib/features/plans/scheduler.ts): an incremental cycle per school connection every
 * PLAN_SYNC_INTERVAL_MINUTES (default 15; 0 turns it off), first 30 s after start. Not during
 * `next build`, and only in the Node.js runtime.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { installPeerStamp } = await import("@/lib/security/peer-stamp");
  installPeerStamp();
  const { startSyncScheduler } = await import("@/lib/features/plans/scheduler");
  const scheduler = startSyncScheduler();
  if (scheduler.enabled) console.info(`[plan-sync] every ${scheduler.intervalMs / 60_000} minutes for each school connection`);
  const { startProgressScheduler } = await import("@/lib/features/progress/scheduler");
  startProgressScheduler();
}
