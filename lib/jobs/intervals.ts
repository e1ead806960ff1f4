/**
 * How often each job runs (lib/jobs/jobs.ts), from the environment (docs/operations.md). 0 turns a
 * job off; a value that is not a number stops the start, naming the variable.
 */

type Env = Record<string, string | undefined>;

/** `PLAN_SYNC_INTERVAL_MINUTES`, default 15. */
export function intervalMinutesFromEnv(env: Env = process.env): number {
  return numberFromEnv(env, "PLAN_SYNC_INTERVAL_MINUTES", 15, "minutes (0 turns the sync schedule off)");
}

/** `PROGRESS_SYNC_INTERVAL_MINUTES`, default: the plan sync's interval. */
export function progressIntervalMinutes(env: Env = process.env): number {
  if (!env.PROGRESS_SYNC_INTERVAL_MINUTES?.trim()) return intervalMinutesFromEnv(env);
  return numberFromEnv(env, "PROGRESS_SYNC_INTERVAL_MINUTES", 15, "minutes (0 turns the progress sync off)");
}

/** `NOTICES_INTERVAL_SECONDS`, default 60. */
export function noticesIntervalSeconds(env: Env = process.env): number {
  return numberFromEnv(env, "NOTICES_INTERVAL_SECONDS", 60, "seconds (0 turns the notices job off)");
}

/**
 * `JOBS_START_DELAY_SECONDS`, default 30: how long after the start the plan sync's first tick comes
 * (the progress sync and the notices follow 5 and 10 s later, as always); 0 is at once.
 */
export function startDelaySeconds(env: Env = process.env): number {
  return numberFromEnv(env, "JOBS_START_DELAY_SECONDS", 30, "seconds (0: the first tick at once)");
}

function numberFromEnv(env: Env, name: string, fallback: number, unit: string): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of ${unit}, not "${raw}"`);
  return value;
}
