import type { SyncStatus } from "./status";

/** What the sync panel shows, as plain JSON (no ids beyond the connection's own, no dates as objects). */
export type SyncStatusView = {
  lastCompletedAt: string | null;
  lastMode: "full" | "incremental" | null;
  lastCounts: { plans: number; assignments: number; requests: number; durationMs: number } | null;
  running: boolean;
  /** Plans and assignments stored so far by the running (or interrupted) cycle. */
  progress: { plans: number; assignments: number; expectedPlans: number | null; mode: "full" | "incremental" } | null;
  problem: {
    code: string;
    kind: "denied" | "failed";
    requiredScope: string | null;
    feature: string | null;
    at: string;
  } | null;
};

export function syncStatusView(status: SyncStatus): SyncStatusView {
  const { cycle, problem, lastCounts } = status;
  return {
    lastCompletedAt: status.lastCompletedAt?.toISOString() ?? null,
    lastMode: status.lastMode,
    lastCounts: lastCounts
      ? {
          plans: lastCounts.plans,
          assignments: lastCounts.assignments,
          requests: lastCounts.requests,
          durationMs: lastCounts.durationMs,
        }
      : null,
    running: Boolean(cycle?.running),
    progress: cycle
      ? {
          plans: cycle.counts.plans,
          assignments: cycle.counts.assignments,
          expectedPlans: cycle.expectedPlans,
          mode: cycle.mode,
        }
      : null,
    problem: problem
      ? {
          code: problem.code,
          kind: problem.kind,
          requiredScope: problem.requiredScope ?? null,
          feature: problem.feature ?? null,
          at: problem.at,
        }
      : null,
  };
}

/** 0 … 1 for a progress bar, or null when the cycle cannot know its size (a first full cycle, or an incremental one). */
export function progressFraction(view: SyncStatusView): number | null {
  const progress = view.progress;
  if (!progress || !progress.expectedPlans) return null;
  return Math.min(progress.plans / progress.expectedPlans, 1);
}
