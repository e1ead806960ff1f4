/**
 * Issue 5 and 13 bench: the learning-plan sync (lib/features/plans/sync/) on a generated school —
 * 10,000 plans and 100,000 assignments by default — served by the embedded School API in a process
 * of its own (as a real school's API is another server; real HTTP on 127.0.0.1), into a dashboard
 * store in a fresh folder on disk as the README's default configuration keeps it (SYNC_BENCH_STORE=memory:
 * in memory), with the sync's default concurrency and the v1 client's default retry policy.
 * A full cycle (target ≤ 15 s on an idle machine), then 1% of the plans touched through the
 * school's admin operation `touch-plans`, then an incremental cycle (target ≤ 5% of the full one).
 *
 * Run alone (no Next build or server):  npx tsx --conditions=react-server scripts/bench/sync.ts [--plans 10000] [--per-plan 10]
 * (or SYNC_BENCH_PLANS / SYNC_BENCH_ASSIGNMENTS_PER_PLAN in the environment, also for the suite).
 * Or as a suite of `npm run bench -- sync`, which runs this file in a child process: the lib/
 * modules are server-only and load only under the `react-server` condition.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { eachLine, measureInChild, runWhenMain, spawnTsx } from "./child";
import { machineLoadNote, printSuite, type Column, type ResultRow, type SuiteReport } from "./report";
import type { Suite } from "./suite";

const TARGET_RATIO = 0.05;
/** Issue 13: a full cycle of the 10,000-plan school on an idle machine. */
const TARGET_FULL_MS = 15_000;
const SCHOOL_READY = "SYNC_BENCH_SCHOOL ";
/** The school's process answers a line `cpu` on its stdin with this and its CPU seconds so far. */
const SCHOOL_CPU = "SYNC_BENCH_SCHOOL_CPU ";
const TOUCHED_FRACTION = 0.01;
const RESULT_MARKER = "SYNC_BENCH_RESULT ";
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
  /** os.loadavg() before and after the cycles. */
  load: { before: number[]; after: number[] };
  /** CPU seconds (user + system) the dashboard's process spent in the full cycle: less sensitive to other load than its time. */
  fullCpuSeconds: number;
  /** CPU seconds the school API's process spent meanwhile. */
  schoolCpuSeconds: number;
  store: "disk" | "memory";
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
      target: `full cycle, ${m.plans.toLocaleString("en")} plans`,
      values: {
        seconds: m.full.ms / 1000,
        requests: m.full.requests,
        plans: m.full.plans,
        assignments: m.full.assignments,
        share: 100,
      },
      goal: m.plans === 10_000 ? `≤ ${TARGET_FULL_MS / 1000} s (idle machine)` : "n/a (target is for 10,000 plans)",
      verdict: m.plans !== 10_000 ? "n/a" : m.full.ms <= TARGET_FULL_MS ? "PASS" : "FAIL",
      ...(m.plans === 10_000 && m.full.ms > TARGET_FULL_MS
        ? { reason: `${(m.full.ms / 1000).toFixed(1)} s > ${TARGET_FULL_MS / 1000} s` }
        : {}),
    },
    {
      target: `incremental after ${m.touched} plans touched (${TOUCHED_FRACTION * 100}%)`,
      values: {
        seconds: m.incremental.ms / 1000,
        requests: m.incremental.requests,
        plans: m.incremental.plans,
        assignments: m.incremental.assignments,
        share: timeShare * 100,
      },
      goal: `time ≤ ${TARGET_RATIO * 100}% of full`,
      verdict: timeShare <= TARGET_RATIO ? "PASS" : "FAIL",
      ...(timeShare <= TARGET_RATIO ? {} : { reason: `${(timeShare * 100).toFixed(2)}% > ${TARGET_RATIO * 100}%` }),
    },
  ];
  return {
    suite: "sync",
    title: `Plan sync bench — generated school of ${m.generated.plans} plans / ${m.generated.assignments} assignments, embedded API in its own process (no Next.js server), PGlite stores`,
    columns: COLUMNS,
    rows,
    notes: [
      machineLoadNote(m.load.before, m.load.after),
      `the School API runs in a child process (startSchoolApiServer on 127.0.0.1, real HTTP), as a school's server is another machine; the dashboard store is PGlite ${m.store === "disk" ? "in a fresh folder on disk (the default configuration's kind of store)" : "in memory"} in this process; no Next.js server is started for this suite`,
      `the dashboard's process used ${m.fullCpuSeconds.toFixed(1)} CPU s in the full cycle (user + system), the school API's process ${m.schoolCpuSeconds.toFixed(1)} CPU s (the machine has ${os.cpus().length} cores)`,
      `generated in ${(m.generated.ms / 1000).toFixed(1)} s; page size ${m.pageSize}, at most ${m.concurrency} requests in flight (the sync's default), the v1 client's default retry policy`,
      `requests: incremental ${m.incremental.requests} vs full ${m.full.requests} (${(requestShare * 100).toFixed(2)}%)`,
      `time: incremental ${m.incremental.ms} ms vs full ${m.full.ms} ms (${(timeShare * 100).toFixed(2)}%; target ≤ ${TARGET_RATIO * 100}%)`,
    ],
    raw: m,
  };
}

type SchoolInfo = { url: string; adminUrl: string; schoolId: string; plans: number; assignments: number; ms: number };

/** `--serve-school`: generates the school, serves it, prints its address, and serves until stdin closes. */
async function serveSchool(options: { plans: number; perPlan: number }): Promise<void> {
  const { generateSchool } = await import("@/tests/support/school-api/store");
  const { sql } = await import("drizzle-orm");
  const { startEmbeddedSchool } = await import("@/tests/support/school-api/embedded-school");
  let generated: { plans: number; assignments: number; schoolId: string; ms: number } | null = null;
  const school = await startEmbeddedSchool({
    seed: async (db) => {
      const started = Date.now();
      const result = await generateSchool(db, {
        plans: options.plans,
        assignmentsPerPlan: options.perPlan,
        key: BENCH_KEY,
        rateLimitPerMinute: 0,
      });
      generated = { ...result, ms: Date.now() - started };
      // Planner statistics after the bulk insert, as PostgreSQL's autovacuum would gather them;
      // without them each history request scans the school's whole assignment index.
      await db.execute(sql`analyze`);
    },
  });
  const info: SchoolInfo = {
    url: school.url,
    adminUrl: school.adminUrl,
    ...(generated as unknown as Omit<SchoolInfo, "url" | "adminUrl">),
  };
  console.log(`${SCHOOL_READY}${JSON.stringify(info)}`);
  await new Promise<void>((resolve) => {
    process.stdin.resume();
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk: string) => {
      if (!chunk.includes("cpu")) return;
      const used = process.cpuUsage();
      console.log(`${SCHOOL_CPU}${(used.user + used.system) / 1e6}`);
    });
    process.stdin.on("close", resolve);
    process.stdin.on("end", resolve);
  });
  await school.close();
}

/** Starts `--serve-school` in a child process; resolves with its address once it serves. */
function startSchoolProcess(options: {
  plans: number;
  perPlan: number;
  token: string;
  log: (message: string) => void;
}): Promise<{ info: SchoolInfo; stop: () => void; cpuSeconds: () => Promise<number> }> {
  return new Promise((resolve, reject) => {
    const child = spawnTsx(
      fileURLToPath(import.meta.url),
      ["--serve-school", "--plans", String(options.plans), "--per-plan", String(options.perPlan)],
      {
        env: { ...process.env, SCHOOL_ADMIN_TOKEN: options.token },
        stdin: "pipe",
      },
    );
    const stop = () => {
      child.stdin?.end();
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    };
    let onCpu: ((seconds: number) => void) | null = null;
    const cpuSeconds = () =>
      new Promise<number>((answer) => {
        onCpu = answer;
        child.stdin?.write("cpu\n");
      });
    eachLine(child, (line) => {
      if (line.startsWith(SCHOOL_READY))
        resolve({ info: JSON.parse(line.slice(SCHOOL_READY.length)) as SchoolInfo, stop, cpuSeconds });
      else if (line.startsWith(SCHOOL_CPU)) onCpu?.(Number(line.slice(SCHOOL_CPU.length)));
      else if (line) options.log(`  school: ${line}`);
    });
    child.on("error", reject);
    child.on("close", (code) => reject(new Error(`the school process ended (exit code ${code}) before it served`)));
  });
}

/** Generates the school (in its own process), runs both cycles, returns the numbers. Needs the `react-server` condition. */
async function measure(options: { plans: number; perPlan: number; log: (message: string) => void }): Promise<Measured> {
  const { log } = options;
  const { openStoreAt } = await import("@/tests/support/db/memory-store");
  const { syncPlans, DEFAULT_SYNC_CONCURRENCY } = await import("@/lib/features/plans/sync/sync-plans");
  const { createV1Client } = await import("@/lib/v1");
  const { adminCaller } = await import("@/tests/support/school-api/admin-client");

  const token = `bench_sync_${randomBytes(16).toString("hex")}`;
  log(
    `generating a school of ${options.plans} plans × ${options.perPlan} assignments (one transaction) in a child process`,
  );
  const { info, stop, cpuSeconds } = await startSchoolProcess({ ...options, token, log });
  const onDisk = process.env.SYNC_BENCH_STORE !== "memory";
  const folder = onDisk ? await mkdtemp(path.join(os.tmpdir(), "halqa-sync-bench-")) : null;
  const store = await openStoreAt(folder ?? "memory://");
  try {
    log(
      `generated ${info.plans} plans, ${info.assignments} assignments in ${(info.ms / 1000).toFixed(1)} s; API at ${info.url}`,
    );
    const client = createV1Client({ baseUrl: info.url, apiKey: BENCH_KEY, timeoutMs: 60_000 });
    const admin = adminCaller(info.adminUrl, token);
    const pageSize = 100;
    const cycle = async (label: string): Promise<CycleNumbers> => {
      let last = 0;
      const result = await syncPlans("bench", {
        db: store.db,
        client,
        pageSize,
        onProgress: (p) => {
          if (p.plans - last >= 2000) {
            last = p.plans;
            log(`  ${label}: ${p.plans} plans, ${p.assignments} assignments, ${p.requests} requests`);
          }
        },
      });
      if (result.status !== "completed") throw new Error(`${label} cycle did not complete: ${JSON.stringify(result)}`);
      log(
        `${label}: ${result.mode}, ${result.plans} plans, ${result.assignments} assignments, ${result.requests} requests in ${result.durationMs} ms`,
      );
      return {
        mode: result.mode,
        ms: result.durationMs,
        requests: result.requests,
        plans: result.plans,
        assignments: result.assignments,
        pages: result.pages,
      };
    };

    const before = os.loadavg();
    const cpuBefore = process.cpuUsage();
    const schoolCpuBefore = await cpuSeconds();
    const full = await cycle("full cycle");
    const cpu = process.cpuUsage(cpuBefore);
    const schoolCpu = (await cpuSeconds()) - schoolCpuBefore;
    const touched = await admin<{ touched: number }>("touch-plans", {
      schoolId: info.schoolId,
      fraction: TOUCHED_FRACTION,
    });
    log(`touched ${touched.touched} plans through the admin operation touch-plans`);
    const incremental = await cycle("incremental cycle");
    if (full.mode !== "full" || incremental.mode !== "incremental")
      throw new Error(`unexpected modes: ${full.mode}, ${incremental.mode}`);
    return {
      plans: options.plans,
      assignmentsPerPlan: options.perPlan,
      generated: { plans: info.plans, assignments: info.assignments, ms: info.ms },
      touched: touched.touched,
      full,
      incremental,
      concurrency: DEFAULT_SYNC_CONCURRENCY,
      pageSize,
      load: { before, after: os.loadavg() },
      fullCpuSeconds: (cpu.user + cpu.system) / 1e6,
      schoolCpuSeconds: schoolCpu,
      store: onDisk ? "disk" : "memory",
    };
  } finally {
    await store.close();
    stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}

/** `npm run bench -- sync`: runs this file in a child process (server-only modules need `react-server`). */
export const syncSuite: Suite = {
  name: "sync",
  summary:
    "plan sync on a generated school (10,000 plans, 100,000 assignments): full vs incremental after 1% changed (no Next server needed)",
  run: async ({ signal, log }) =>
    reportOf(
      await measureInChild<Measured>(fileURLToPath(import.meta.url), {
        name: "sync",
        marker: RESULT_MARKER,
        signal,
        log,
      }),
    ),
};

async function main() {
  const { values } = parseArgs({
    options: {
      plans: { type: "string" },
      "per-plan": { type: "string" },
      json: { type: "boolean" },
      "serve-school": { type: "boolean" },
    },
  });
  const plans = Number(values.plans ?? process.env.SYNC_BENCH_PLANS ?? 10_000);
  const perPlan = Number(values["per-plan"] ?? process.env.SYNC_BENCH_ASSIGNMENTS_PER_PLAN ?? 10);
  if (!Number.isInteger(plans) || plans < 1 || !Number.isInteger(perPlan) || perPlan < 1)
    throw new Error("--plans and --per-plan must be positive whole numbers");
  if (values["serve-school"]) return serveSchool({ plans, perPlan });
  const log = (message: string) => console.log(`[sync-bench] ${message}`);
  const measured = await measure({ plans, perPlan, log });
  if (values.json) console.log(`${RESULT_MARKER}${JSON.stringify(measured)}`);
  else printSuite(reportOf(measured));
}

runWhenMain(import.meta.url, "sync", main);
