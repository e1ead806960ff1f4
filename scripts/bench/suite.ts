import type { LoadOptions } from "./load";
import type { SuiteReport } from "./report";
import type { RunningServer } from "./server";

export type BenchContext = {
  /** The `next start` server every suite shares: fresh in-memory demo data, rate limit off. */
  server: RunningServer;
  load: LoadOptions;
  /** Extra diagnostic targets (`--diag`). */
  diag: boolean;
  signal: AbortSignal;
  log(message: string): void;
};

/** One `npm run bench -- <name>` suite; new benches add one of these to the registry in index.ts. */
export type Suite = { name: string; summary: string; run(context: BenchContext): Promise<SuiteReport> };

/** A suite's setting from the environment: a positive number, else `fallback`. */
export const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
