/**
 * Issue 5 bench: the learning-plan sync (lib/features/plans/sync.ts) on a generated school —
 * 10,000 plans and 100,000 assignments by default — served in-process by the embedded School API
 * (startSchoolApiServer over real HTTP on 127.0.0.1; no Next.js server is involved), into an
 * in-memory dashboard store. A full cycle, then 1% of the plans touched through the school's
 * admin operation `touch-plans`, then an incremental cycle. Target: incremental ≤ 5% of full.
 *
 * Run alone (no Next build or server):  npx tsx --conditions=react-server scripts/bench/sync.ts [--plans 10000] [--per-plan 10]
 * (or SYNC_BENCH_PLANS / SYNC_BENCH_ASSIGNMENTS_PER_PLAN in the environment, also for the suite).
 * Or as a suite of `npm run bench -- sync`, which runs this file in a child process: the lib/
 * modules are server-only and load only under the `react-server` condition.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { printSuite, type Column, type ResultRow, type SuiteReport } from "./report";
import type { Suite } from "./suite";

const TARGET_RATIO = 0.05;
const TOUCHED_FRACTION = 0.01;
const RESULT_MARKER = "SYNC_BENCH_RESULT ";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const BENCH_KEY = "bench_sync_all_scopes_key";

type CycleNumbers = { mode: string; ms: number; requests: number; plans: number; assignments: number; pages: number };
type Measured = {
  plans: number;
  assignmentsPerPlan: number;
  generated: { plans: number; assignments: number; ms: number };
  touched: number;
  full: CycleNumbers;
  incremental: CycleNumbers;
  concurrency: number;
  pageSize: number;
};

const COLUMNS: Column[] = [
  { key: "seconds", label: "time s", digits: 2 },
  { key: "requests", label: "requests" },
  { key: "plans", label: "plans" },
  { key: "assignments", label: "assignments" },
  { key: "share", label: "% of full", digits: 2, suffix: "%" },
];

function reportOf(m: Measured): SuiteReport {
  const timeShare = m.incremental.ms / m.full.ms;
  const requestShare = m.incremental.requests / m.full.requests;
  const rows: ResultRow[] = [
    {
      target: "full cycle",
      values: { seconds: m.full.ms / 1000, requests: m.full.requests, plans: m.full.plans, assignments: m.full.assignments, share: 100 },
      goal: "n/a",
      verdict: "n/a",
    },
    {
      target: `incremental after ${m.touched} plans touched (${TOUCHED_FRACTION * 100}%)`,
      values: { seconds: m.incremental.ms / 1000, requests: m.incremental.requests, plans: m.incremental.plans, assignments: m.incremental.assignments, share: timeShare * 100 },
      goal: `time ≤ ${TARGET_RATIO * 100}% of full`,
      verdict: timeShare <= TARGET_RATIO ? "PASS" : "FAIL",
      ...(timeShare <= TARGET_RATIO ? {} : { reason: `${(timeShare * 100).toFixed(2)}% > ${TARGET_RATIO * 100}%` }),
    },
  ];
  return {
    suite: "sync",
    title: `Plan sync bench — generated school of ${m.generated.plans} plans / ${m.generated.assignments} assignments, embedded API in-process (no Next.js server), PGlite stores`,
    columns: COLUMNS,
    rows,
    notes: [
      `the School API runs in this process (startSchoolApiServer on 127.0.0.1, real HTTP); the dashboard store is PGlite in memory; no Next.js server is started for this suite`,
      `generated in ${(m.generated.ms / 1000).toFixed(1)} s; page size ${m.pageSize}, ${m.concurrency} assignment histories at a time`,
      `requests: incremental ${m.incremental.requests} vs full ${m.full.requests} (${(requestShare * 100).toFixed(2)}%)`,
      `time: incremental ${m.incremental.ms} ms vs full ${m.full.ms} ms (${(timeShare * 100).toFixed(2)}%; target ≤ ${TARGET_RATIO * 100}%)`,
    ],
    raw: m,
  };
}

/** Generates the school, runs both cycles, returns the numbers. Needs the `react-server` condition. */
async function measure(options: { plans: number; perPlan: number; log: (message: string) => void }): Promise<Measured> {
  const { log } = options;
  const { generateSchool } = await import("@/lib/school-api/seed/generate");
  const { sql } = await import("drizzle-orm");
  const { startEmbeddedSchool, openMemoryStore } = await import("@/lib/features/plans/testing");
  const { syncPlans } = await import("@/lib/features/plans/sync");

  let generated: { plans: number; assignments: number; schoolId: string; ms: number } | null = null;
  log(`generating a school of ${options.plans} plans × ${options.perPlan} assignments (one transaction)`);
  const school = await startEmbeddedSchool({
    seed: async (db) => {
      const started = Date.now();
      const result = await generateSchool(db, { plans: options.plans, assignmentsPerPlan: options.perPlan, key: BENCH_KEY, rateLimitPerMinute: 0 });
      generated = { ...result, ms: Date.now() - started };
      // Planner statistics after the bulk insert, as PostgreSQL's autovacuum would gather them;
      // without them each history request scans the school's whole assignment index.
      await db.execute(sql`analyze`);
    },
  });
  const store = await openMemoryStore();
  try {
    const info = generated as unknown as { plans: number; assignments: number; schoolId: string; ms: number };
    log(`generated ${info.plans} plans, ${info.assignments} assignments in ${(info.ms / 1000).toFixed(1)} s; API at ${school.url}`);
    const client = school.client(BENCH_KEY);
    const concurrency = 4;
    const pageSize = 100;
    const cycle = async (label: string): Promise<CycleNumbers> => {
      let last = 0;
      const result = await syncPlans("bench", {
        db: store.db,
        client,
        concurrency,
        pageSize,
        onProgress: (p) => {
          if (p.plans - last >= 2000) {
            last = p.plans;
            log(`  ${label}: ${p.plans} plans, ${p.assignments} assignments, ${p.requests} requests`);
          }
        },
      });
      if (result.status !== "completed") throw new Error(`${label} cycle did not complete: ${JSON.stringify(result)}`);
      log(`${label}: ${result.mode}, ${result.plans} plans, ${result.assignments} assignments, ${result.requests} requests in ${result.durationMs} ms`);
      return { mode: result.mode, ms: result.durationMs, requests: result.requests, plans: result.plans, assignments: result.assignments, pages: result.pages };
    };

    const full = await cycle("full cycle");
    const touched = await school.admin<{ touched: number }>("touch-plans", { schoolId: info.schoolId, fraction: TOUCHED_FRACTION });
    log(`touched ${touched.touched} plans through the admin operation touch-plans`);
    const incremental = await cycle("incremental cycle");
    if (full.mode !== "full" || incremental.mode !== "incremental") throw new Error(`unexpected modes: ${full.mode}, ${incremental.mode}`);
    return {
      plans: options.plans,
      assignmentsPerPlan: options.perPlan,
      generated: { plans: info.plans, assignments: info.assignments, ms: info.ms },
      touched: touched.touched,
      full,
      incremental,
      concurrency,
      pageSize,
    };
  } finally {
    await store.close();
    await school.close();
  }
}

/** `npm run bench -- sync`: runs this file in a child process (server-only modules need `react-server`). */
export const syncSuite: Suite = {
  name: "sync",
  summary: "plan sync on a generated school (10,000 plans, 100,000 assignments): full vs incremental after 1% changed (no Next server needed)",
  run({ signal, log }) {
    return new Promise<SuiteReport>((resolve, reject) => {
      const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
      const child = spawn(tsx, ["--conditions=react-server", fileURLToPath(import.meta.url), "--json"], {
        cwd: ROOT,
        env: process.env,
        stdio: ["ignore", "pipe", "inherit"],
        detached: true,
      });
      let result: string | null = null;
      let partial = "";
      child.stdout.setEncoding("utf8");
      child.stdout.on("data", (chunk: string) => {
        const lines = (partial + chunk).split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) {
          if (line.startsWith(RESULT_MARKER)) result = line.slice(RESULT_MARKER.length);
          else if (line) log(line.replace(/^\[sync-bench\] /, "sync: "));
        }
      });
      const stop = () => {
        try {
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      };
      signal.addEventListener("abort", stop, { once: true });
      child.on("error", reject);
      child.on("close", (code) => {
        signal.removeEventListener("abort", stop);
        if (partial.startsWith(RESULT_MARKER)) result = partial.slice(RESULT_MARKER.length);
        if (code !== 0 || result === null) return reject(new Error(`the sync bench process failed (exit code ${code})`));
        resolve(reportOf(JSON.parse(result) as Measured));
      });
    });
  },
};

async function main() {
  const { values } = parseArgs({ options: { plans: { type: "string" }, "per-plan": { type: "string" }, json: { type: "boolean" } } });
  const plans = Number(values.plans ?? process.env.SYNC_BENCH_PLANS ?? 10_000);
  const perPlan = Number(values["per-plan"] ?? process.env.SYNC_BENCH_ASSIGNMENTS_PER_PLAN ?? 10);
  if (!Number.isInteger(plans) || plans < 1 || !Number.isInteger(perPlan) || perPlan < 1) throw new Error("--plans and --per-plan must be positive whole numbers");
  const log = (message: string) => console.log(`[sync-bench] ${message}`);
  const measured = await measure({ plans, perPlan, log });
  if (values.json) console.log(`${RESULT_MARKER}${JSON.stringify(measured)}`);
  else printSuite(reportOf(measured));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`[sync-bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
