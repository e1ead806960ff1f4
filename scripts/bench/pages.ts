/**
 * Issue 13 bench: pages that do not grow with the school. The demo school Al-Noor is grown by the
 * README's large-school generator (school-api/seed/generate.ts through scripts/large-school.ts:
 * 5,000 students and plans, 50,000 assignments, 167 halqas with an open session today each and an
 * ended one on each of the last 30 days: about 5,000 sessions in /sessions' default range) in a fresh
 * PGlite folder; its own `next start` opens it in the README's default configuration (embedded API,
 * plan-sync scheduler on), and the bench waits for the first plan sync to finish. Then, signed in as
 * the demo admin, each page is requested one at a time (after two warming loads): HTML size and
 * p50/p95 latency, once the first progress sync has completed too. Last, the server's resident memory (its process group) after those pages.
 * Targets: HTML ≤ 300 KB and p95 ≤ 300 ms a page; RSS ≤ 600 MB. The machine's load is printed.
 *
 * Issue 25 adds a network's largest school: the same pages at 20,000 students, one school after the other.
 *
 * PAGES_BENCH_STUDENTS (default "5000,20000": the sizes, comma-separated), PAGES_BENCH_SESSION_DAYS
 * (default 30), PAGES_BENCH_REQUESTS (default 30 per page).
 *
 * Each page's v1 calls are counted too (one more load, the embedded API's trace of that request id:
 * SCHOOL_API_TRACE), since on a shared machine the calls say more than the milliseconds.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signIn, type Cookies } from "./attendance";
import type { Column, ResultRow, SuiteReport } from "./report";
import { groupRssMb, ROOT, startServer, waitForApi, waitForProgressSync, type RunningServer } from "./server";
import { numberFromEnv, type BenchContext, type Suite } from "./suite";
import { DEMO_KEYS } from "@/school-api/seed-facts";

const TARGETS = { htmlKb: 300, p95Ms: 300, rssMb: 600 };
const ADMIN = { email: "admin@alnoor.demo", password: "demo1234" };
const PAGES = ["/students", "/plans", "/today", "/sessions", "/halqas", "/admin"] as const;
/** Not targets of the issue: how a name search and a later page fare at that size. */
const EXTRA = ["/students?q=yusuf", "/plans?q=yusuf"] as const;
const SYNC_WAIT_MS = 15 * 60_000;

const COLUMNS: Column[] = [
  { key: "kb", label: "HTML KB", digits: 1 },
  { key: "p50", label: "p50 ms", digits: 0 },
  { key: "p95", label: "p95 ms", digits: 0 },
  { key: "calls", label: "v1 calls", digits: 0 },
  { key: "rss", label: "RSS MB", digits: 0 },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Runs scripts/large-school.ts into `dataDir` (before the server opens it: PGlite is one process's). */
export function grow(dataDir: string, students: number, log: (message: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const sessionDays = process.env.PAGES_BENCH_SESSION_DAYS ?? "30";
    const args = [
      "--conditions=react-server",
      path.join(ROOT, "scripts/large-school.ts"),
      "--students",
      String(students),
      "--plans",
      String(students),
      "--per-plan",
      "10",
      "--session-days",
      sessionDays,
    ];
    const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), args, {
      cwd: ROOT,
      env: { ...process.env, SCHOOL_API_DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`scripts/large-school.ts exited with ${code}`));
      log(`grew the demo school: ${out.trim()}`);
      resolve();
    });
  });
}

async function get(
  server: RunningServer,
  cookies: Cookies,
  pagePath: string,
): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${server.origin}${pagePath}`, {
    headers: { cookie: cookies.header() },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, bytes: body.byteLength, status: response.status };
}

/** The v1 calls one more load of the page made (the embedded API's trace of its request id). */
async function v1Calls(
  server: RunningServer,
  cookies: Cookies,
  pagePath: string,
  token: string,
): Promise<number | null> {
  const response = await fetch(`${server.origin}${pagePath}`, {
    headers: { cookie: cookies.header() },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  const requestId = response.headers.get("x-request-id");
  if (!requestId) return null;
  const traced = await fetch(`${server.origin}/api/school-admin`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ op: "trace-calls", requestId }),
    signal: AbortSignal.timeout(60_000),
  });
  if (!traced.ok) return null;
  return ((await traced.json()) as { data: { operations: string[] } }).data.operations.length;
}

async function waitForSync(
  server: RunningServer,
  cookies: Cookies,
  log: (message: string) => void,
  signal: AbortSignal,
): Promise<string> {
  const deadline = Date.now() + SYNC_WAIT_MS;
  let last = "";
  let failures = 0;
  while (Date.now() < deadline) {
    signal.throwIfAborted();
    let response: Response;
    try {
      response = await fetch(`${server.origin}/api/plans/sync-status`, {
        headers: { cookie: cookies.header() },
        signal: AbortSignal.timeout(60_000),
      });
      failures = 0;
    } catch (error) {
      // A kept-alive socket the busy server closed meanwhile: ask again, a few times.
      if (++failures > 5)
        throw new Error(
          `the large-school server did not answer (${(error as Error).message}: ${String((error as Error).cause)})\n--- its output ---\n${server.logTail()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      continue;
    }
    const view = (await response.json()) as {
      lastCompletedAt: string | null;
      running: boolean;
      lastCounts: { plans: number; assignments: number; durationMs: number } | null;
      progress: { plans: number } | null;
    };
    if (view.lastCompletedAt && !view.running && (view.lastCounts?.plans ?? 0) > 1000) {
      return `first plan sync: ${view.lastCounts?.plans} plans, ${view.lastCounts?.assignments} assignments in ${((view.lastCounts?.durationMs ?? 0) / 1000).toFixed(1)} s`;
    }
    const now = `sync ${view.running ? "running" : "waiting"}: ${view.progress?.plans ?? 0} plans`;
    if (now !== last) log(now);
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error(`the first plan sync did not finish within ${SYNC_WAIT_MS / 60_000} minutes`);
}

/** The school sizes to grow, smallest first (PAGES_BENCH_STUDENTS="5000,20000" by default). */
function sizesFromEnv(): number[] {
  const sizes = (process.env.PAGES_BENCH_STUDENTS ?? "5000,20000")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return sizes.length ? sizes.toSorted((a, b) => a - b) : [5000, 20000];
}

async function run(context: BenchContext): Promise<SuiteReport> {
  const sizes = sizesFromEnv();
  const reports: SuiteReport[] = [];
  for (const students of sizes) reports.push(await runSize(context, students));
  if (reports.length === 1) return reports[0]!;
  return {
    suite: "pages",
    title: `Pages at a school's size — the demo grown by ${sizes.join(" and then ")} students and plans, each in its own server`,
    columns: COLUMNS,
    rows: reports.flatMap((report, i) =>
      report.rows.map((row) => ({ ...row, target: `${sizes[i]!.toLocaleString("en")}: ${row.target}` })),
    ),
    notes: reports.flatMap((report, i) => report.notes.map((note) => `${sizes[i]!.toLocaleString("en")}: ${note}`)),
    raw: Object.fromEntries(reports.map((report, i) => [sizes[i]!, report.raw])),
  };
}

async function runSize(context: BenchContext, students: number): Promise<SuiteReport> {
  const { log, signal } = context;
  const requests = numberFromEnv("PAGES_BENCH_REQUESTS", 30);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "halqa-pages-bench-"));
  const loadBefore = os.loadavg();
  let server: RunningServer | undefined;
  try {
    await grow(path.join(dataDir, "school-api"), students, log);
    // The README's default configuration (scheduler on, every 15 minutes); only the folders are the bench's own.
    const adminToken = `bench_${randomBytes(16).toString("hex")}`;
    server = await startServer(signal, {
      env: {
        SCHOOL_API_DATA_DIR: path.join(dataDir, "school-api"),
        DASHBOARD_DATA_DIR: path.join(dataDir, "dashboard"),
        PLAN_SYNC_INTERVAL_MINUTES: "15",
        SCHOOL_API_TRACE: "1",
        SCHOOL_ADMIN_TOKEN: adminToken,
      },
    });
    log(`large-school server on ${server.origin} (pid ${server.pid})`);
    const running = server;
    /** The server's memory at each stage, in the log (docs/scale.md, "Memory"). */
    const stage = (name: string) => log(`RSS after ${name}: ${groupRssMb(running.pid)?.toFixed(0)} MB`);
    await waitForApi(server, DEMO_KEYS.alnoorAdmin, signal);
    stage("start");
    const cookies = await signIn(server.origin, ADMIN);
    log(await waitForSync(server, cookies, log, signal));
    stage("the first plan sync");
    // Today, the sessions list and /admin read the progress read model: measured after its first cycle, not during it.
    log(`progress sync: ${await waitForProgressSync(server, signal, SYNC_WAIT_MS)}`);
    stage("the first progress sync");
    const rows: ResultRow[] = [];
    const raw: Record<string, { bytes: number; ms: number[]; calls: number | null }> = {};
    for (const pagePath of [...PAGES, ...EXTRA]) {
      signal.throwIfAborted();
      for (let i = 0; i < 2; i++) await get(server, cookies, pagePath);
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < requests; i++) {
        const result = await get(server, cookies, pagePath);
        if (result.status !== 200) throw new Error(`${pagePath} answered ${result.status}`);
        times.push(result.ms);
        bytes = Math.max(bytes, result.bytes);
      }
      const calls = await v1Calls(server, cookies, pagePath, adminToken);
      stage(pagePath);
      const sorted = times.toSorted((a, b) => a - b);
      const kb = bytes / 1024;
      const p95 = percentile(sorted, 95);
      raw[pagePath] = { bytes, ms: times, calls };
      const target = (PAGES as readonly string[]).includes(pagePath);
      const misses = [
        kb > TARGETS.htmlKb ? `${kb.toFixed(0)} KB > ${TARGETS.htmlKb}` : null,
        p95 > TARGETS.p95Ms ? `p95 ${p95.toFixed(0)} ms > ${TARGETS.p95Ms}` : null,
      ].filter(Boolean);
      rows.push({
        target: `${pagePath} as admin`,
        values: { kb, p50: percentile(sorted, 50), p95, calls, rss: null },
        goal: target ? `≤ ${TARGETS.htmlKb} KB, p95 ≤ ${TARGETS.p95Ms} ms` : "n/a",
        verdict: !target ? "n/a" : misses.length ? "FAIL" : "PASS",
        ...(target && misses.length ? { reason: misses.join("; ") } : {}),
      });
    }
    const rss = groupRssMb(server.pid);
    rows.push({
      target: "server memory after the pages",
      values: { kb: null, p50: null, p95: null, calls: null, rss },
      goal: `RSS ≤ ${TARGETS.rssMb} MB`,
      verdict: rss === null ? "n/a" : rss <= TARGETS.rssMb ? "PASS" : "FAIL",
      ...(rss !== null && rss > TARGETS.rssMb ? { reason: `${rss.toFixed(0)} MB > ${TARGETS.rssMb}` } : {}),
    });
    const loadAfter = os.loadavg();
    const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" / ");
    return {
      suite: "pages",
      title: `Pages at a school's size — the demo grown by ${students} students and plans (${students * 10} assignments), ${requests} requests a page, one at a time`,
      columns: COLUMNS,
      rows,
      notes: [
        `machine load (1/5/15 min) before: ${load(loadBefore)}; after: ${load(loadAfter)}; ${os.cpus().length} CPUs`,
        "HTML KB: the largest response of the page; RSS: resident memory of the server's process group (/proc), embedded API and its PGlite included",
        "the name searches (/students?q=, /plans?q=) have no target; they read at most 20 API pages per request (docs/scale.md)",
      ],
      raw,
    };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const pagesSuite: Suite = {
  name: "pages",
  summary: "list pages and memory on the large-school generator's school, 5,000 then 20,000 students (issues 13, 25)",
  run,
};
