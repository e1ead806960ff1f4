import "server-only";
import { startWarnings, summaryOf as summaryOfNotices } from "@/lib/features/notices/job-report";
import type { NoticeRunResult } from "@/lib/features/notices/job";
import type { SyncResult } from "@/lib/features/plans/sync/sync-plans";
import type { ProgressSyncResult } from "@/lib/features/progress/sync";
import { logger } from "@/lib/ops/log";
import {
  intervalMinutesFromEnv,
  noticesIntervalSeconds,
  progressIntervalMinutes,
  startDelaySeconds,
} from "./intervals";
import { startScheduler, type CycleOutcome, type Scheduler } from "./scheduler";

/**
 * Every background job of the server, in one list; the server's start (lib/ops/server-start.ts)
 * starts them all on every instance. Each job runs per school connection on the scheduler
 * (lib/jobs/scheduler.ts), and its lease (lib/jobs/lease.ts, on the state row named here) lets one
 * instance at a time run a connection's run: a second instance's tick finds the lease held and
 * does nothing. What a run writes is in the store before its effect, so a crash repeats nothing.
 */
export type Job<R extends CycleOutcome = CycleOutcome> = {
  /** The `kind` of its log lines. */
  name: string;
  /** Minutes between ticks, from its environment variable (lib/jobs/intervals.ts); 0: off. */
  intervalMinutes: (env: Record<string, string | undefined>) => number;
  /**
   * The first tick after the start (after the stores are open, and 15 s more), by default; a
   * `JOBS_START_DELAY_SECONDS` moves every job's first tick by the same amount (`firstTick`).
   */
  initialDelayMs: number;
  /** The store's table whose row per connection holds the job's lease. */
  lease: string;
  /** One run for one connection. */
  run: (connectionId: string) => Promise<R>;
  /** A completed run in one line of the log. */
  summary: (result: R) => string;
  /** Whether the first tick waits for the stores to open (the start's warm-up). */
  waitsForStart: boolean;
  /** Logs a line only when it says something (an empty summary is a run that did nothing). */
  quietWhenIdle?: boolean;
  /** The line logged once at the start when the job is on; none when absent. */
  startLine?: (intervalMinutes: number) => string;
  /** Warnings logged at the start (a configuration the job can live with, but a family cannot). */
  startWarnings?: (env: Record<string, string | undefined>) => string[];
};

/** Each job's `summary` reads its own run's result; the scheduler hands it nothing else, so the list may hold them as one type. */
const job = <R extends CycleOutcome>(definition: Job<R>) => definition as unknown as Job;

export const JOBS: readonly Job[] = [
  job<SyncResult>({
    // Learning plans into the dashboard's mirror (lib/features/plans/sync): an incremental cycle.
    name: "plan_sync",
    intervalMinutes: intervalMinutesFromEnv,
    initialDelayMs: 30_000,
    lease: "plan_sync_state",
    run: async (connectionId) =>
      (await import("@/lib/features/plans/sync/sync-plans")).syncPlans(connectionId, { mode: "auto" }),
    summary: (result) =>
      result.status === "completed"
        ? `${result.mode} cycle, ${result.plans} plans, ${result.assignments} assignments, ${result.requests} requests in ${result.durationMs} ms`
        : result.status,
    waitsForStart: true,
    startLine: () => "plan sync scheduled for each school connection",
  }),
  job<ProgressSyncResult>({
    // The progress read model (docs/progress.md), just after the plan sync's first tick.
    name: "progress_sync",
    intervalMinutes: progressIntervalMinutes,
    initialDelayMs: 35_000,
    lease: "progress_sync_state",
    run: async (connectionId) => (await import("@/lib/features/progress/sync")).syncProgress(connectionId),
    summary: (result) =>
      result.status === "completed"
        ? `${result.mode} cycle, ${result.cycle.sessions} sessions, ${result.cycle.attendance} attendance rows, ${result.cycle.recitations} recitations, ${result.requests} requests in ${result.durationMs} ms`
        : result.status,
    waitsForStart: false,
    startLine: (minutes) => `every ${minutes} minutes for each school connection`,
  }),
  job<NoticeRunResult>({
    // Messages to families (lib/features/notices): absence notices of settled registers, weekly
    // summaries, missing-register nudges to staff; then every due message is handed to SMTP.
    name: "notices",
    intervalMinutes: (env) => noticesIntervalSeconds(env) / 60,
    initialDelayMs: 40_000,
    lease: "notice_job_state",
    run: async (connectionId) => (await import("@/lib/features/notices/trigger")).runSerialized(connectionId),
    summary: (result) => summaryOfNotices(result),
    waitsForStart: true,
    quietWhenIdle: true,
    startWarnings,
  }),
];

/** The plan sync's first tick, by default: the one every job's is counted from. */
const DEFAULT_START_DELAY_MS = 30_000;
/** The wait after the start's warm-up before a job that `waitsForStart` ticks, by default. */
const DEFAULT_SETTLE_MS = 15_000;

/**
 * When a job first ticks: its own `initialDelayMs`, moved by `JOBS_START_DELAY_SECONDS` (the jobs keep
 * their order and spacing), and the settle after the warm-up no longer than that delay.
 */
export function firstTick(definition: Job, env: Record<string, string | undefined>) {
  const startDelayMs = startDelaySeconds(env) * 1000;
  return {
    initialDelayMs: definition.initialDelayMs - DEFAULT_START_DELAY_MS + startDelayMs,
    settleMs: Math.min(DEFAULT_SETTLE_MS, startDelayMs),
  };
}

/**
 * Starts every job of `JOBS` on this instance. `ready`: the start's warm-up (the stores opened, the
 * embedded demo seeded), which the first tick of a job that `waitsForStart` waits for.
 */
export function startJobs(
  options: { ready?: Promise<unknown>; env?: Record<string, string | undefined> } = {},
): Scheduler[] {
  const env = options.env ?? process.env;
  return JOBS.map((definition) => {
    for (const warning of definition.startWarnings?.(env) ?? []) logger().warn({ kind: definition.name }, warning);
    const log = (message: string) => {
      if (!(definition.quietWhenIdle && message.endsWith(": "))) logger().info({ kind: definition.name }, message);
    };
    const scheduler = startScheduler({
      intervalMinutes: definition.intervalMinutes(env),
      ...firstTick(definition, env),
      ready: definition.waitsForStart ? options.ready : undefined,
      log,
      run: definition.run,
      summary: definition.summary,
    });
    if (scheduler.enabled && definition.startLine) {
      const everyMinutes = scheduler.intervalMs / 60_000;
      logger().info({ kind: definition.name, everyMinutes }, definition.startLine(everyMinutes));
    }
    return scheduler;
  });
}
