import "server-only";
import { logger } from "@/lib/ops/log";

/**
 * Runs a job (lib/jobs/jobs.ts) for every school connection every N minutes. Connections take
 * turns (one run at a time in this process), a tick never overlaps the previous one, and the job's
 * lease in the store (lib/jobs/lease.ts) keeps two instances from running one connection's run twice.
 *
 * A connection the key or the school refuses (`denied`: missing scope, Learning Plans disabled,
 * key revoked, tenant mismatch) is not tried again for `deniedBackoffMs` (default 6 hours): the
 * reason is in the job's state for admins, and a manual "Sync now" still runs at once. A failed
 * (interrupted) run is resumed on the next tick.
 */

export type SchedulerTimer = {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
};

/** What the scheduler needs of a run's result (the plan sync's, the progress sync's, the notices job's). */
export type CycleOutcome = { status: "completed" | "busy" | "denied"; problem?: { code: string } };

export type SchedulerOptions<R extends CycleOutcome> = {
  /** Minutes between ticks (the job's own setting, lib/jobs/intervals.ts). 0 or less: no scheduler. */
  intervalMinutes: number;
  /** Delay of the first tick. Default 30 s (after start-up, not during it). */
  initialDelayMs?: number;
  /**
   * Start-up work the first tick waits for as well (the stores opened, the embedded demo seeded):
   * a cycle never pays for it, nor makes a first page wait behind it. Its failure does not stop
   * the scheduler (the cycle then meets the problem and records it).
   */
  ready?: Promise<unknown>;
  /** After `ready`, the first tick waits this long more, so pages that waited for start-up are served first. Default 15 s. */
  settleMs?: number;
  /** Connection ids to sync; default: every configured connection (`loadConnections`). */
  connectionIds?: () => readonly string[] | Promise<readonly string[]>;
  /** One run for one connection. */
  run: (connectionId: string) => Promise<R>;
  /** The log line of a completed run; default: its status. */
  summary?: (result: R) => string;
  timer?: SchedulerTimer;
  now?: () => number;
  deniedBackoffMs?: number;
  log?: (message: string) => void;
};

export type Scheduler = {
  /** Whether ticks are scheduled (false when the interval is 0). */
  readonly enabled: boolean;
  readonly intervalMs: number;
  /** One pass over the connections now (what each timer tick does). */
  tick(): Promise<void>;
  stop(): void;
};

const noop = () => undefined;
const DEFAULT_DENIED_BACKOFF_MS = 6 * 60 * 60_000;

const realTimer: SchedulerTimer = {
  set(callback, ms) {
    const handle = setTimeout(callback, ms);
    // The scheduler never keeps a process alive on its own.
    handle.unref?.();
    return handle;
  },
  clear(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export function startScheduler<R extends CycleOutcome>(options: SchedulerOptions<R>): Scheduler {
  const intervalMs = Math.round(options.intervalMinutes * 60_000);
  const timer = options.timer ?? realTimer;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => logger().info({ kind: "job" }, message));
  const deniedBackoffMs = options.deniedBackoffMs ?? DEFAULT_DENIED_BACKOFF_MS;
  const connectionIds =
    options.connectionIds ??
    (async () => {
      const { loadConnections } = await import("@/lib/connections");
      return loadConnections().map((connection) => connection.id);
    });
  const run = options.run;
  const summary = options.summary ?? ((result: R) => result.status);

  const deniedUntil = new Map<string, number>();
  let handle: unknown = null;
  let stopped = false;
  let running: Promise<void> | null = null;

  async function pass(): Promise<void> {
    let ids: readonly string[];
    try {
      ids = await connectionIds();
    } catch (error) {
      log(`could not list school connections: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    for (const id of ids) {
      if (stopped) return;
      const until = deniedUntil.get(id);
      if (until !== undefined && until > now()) continue;
      try {
        const result = await run(id);
        if (result.status === "denied") {
          deniedUntil.set(id, now() + deniedBackoffMs);
          log(
            `${id}: not synced (${result.problem?.code ?? "denied"}); next attempt in ${Math.round(deniedBackoffMs / 60_000)} min or on demand`,
          );
        } else {
          deniedUntil.delete(id);
          if (result.status === "completed") log(`${id}: ${summary(result)}`);
        }
      } catch (error) {
        // Interrupted: the cycle's cursor is saved; the next tick resumes it.
        log(
          `${id}: cycle interrupted (${error instanceof Error ? error.message : String(error)}); it resumes on the next tick`,
        );
      }
    }
  }

  function tick(): Promise<void> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(ms: number, before?: Promise<unknown>) {
    if (stopped) return;
    handle = timer.set(() => {
      handle = null;
      const first = before ? before.then(noop, noop).then(() => settle(options.settleMs ?? 15_000)) : Promise.resolve();
      void first.then(() => (stopped ? undefined : tick())).finally(() => schedule(intervalMs));
    }, ms);
  }

  /** Waits `ms` on the scheduler's timer (a stop ends the wait). */
  function settle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (stopped) return resolve();
      handle = timer.set(() => {
        handle = null;
        resolve();
      }, ms);
    });
  }

  const enabled = intervalMs > 0;
  if (enabled) schedule(options.initialDelayMs ?? 30_000, options.ready);

  return {
    enabled,
    intervalMs,
    tick,
    stop() {
      stopped = true;
      if (handle !== null) timer.clear(handle);
      handle = null;
    },
  };
}
