/**
 * Issue 31 bench: the pages a teacher and a parent open, in Lighthouse's mobile profile (Moto G
 * Power emulation, simulated slow 4G and 4× CPU slowdown: its defaults), on Debian's Chromium.
 * Its own `next start` in the README's default configuration (schedulers on, fresh in-memory demo);
 * the runs begin after the first progress sync of Al-Noor (Today's "needs attention" reads it).
 * Signed in by the session cookie; each page LIGHTHOUSE_BENCH_RUNS times (default 3), one after the
 * other: /login (signed out), /today (teacher), the live register of the teacher's open session of
 * today, /family (parent). Median performance score, LCP, TBT, CLS and script bytes (transferred,
 * compressed) beside the targets; the machine's load beside each page (a busy machine raises TBT and
 * LCP, not the script bytes). The page's renderer has a core of its own, the server, Lighthouse and
 * the rest of Chromium the others (scripts/bench/renderer-core.ts). Then each page's first-load
 * script from the build output against its budget (scripts/bench/js-budget.ts), which does not
 * depend on the load.
 * The median run's report of each page is kept in .bench/lighthouse/ (trace-derived audits:
 * mainthread-work-breakdown, bootup-time, long-tasks).
 *
 * CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_BENCH_RUNS (default 3), LIGHTHOUSE_BENCH_PAGES (a
 * comma-separated list of words of the pages' names to run only those, e.g. "today,live"),
 * LIGHTHOUSE_BENCH_TRACES=1 (keep every run's trace beside the reports, `<page>-<run>.trace.json`).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { Cookies, signIn, TEACHER } from "./attendance";
import { jsBudgets } from "./js-budget";
import type { Column, ResultRow, SuiteReport } from "./report";
import { splitCores } from "./renderer-core";
import { ROOT, startServer, waitForApi, waitForProgressSync, type RunningServer } from "./server";
import type { BenchContext, Suite } from "./suite";
import { cpuFigures } from "./trace-cpu";
import { DEMO_KEYS } from "@/school-api/seed-facts";

export const LIGHTHOUSE_TARGETS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 };
const PARENT = { email: "parent@alnoor.demo", password: "demo1234" };
const SYNC_WAIT_MS = 5 * 60_000;
const REPORTS = path.join(ROOT, ".bench", "lighthouse");

const COLUMNS: Column[] = [
  { key: "score", label: "perf", digits: 0 },
  { key: "lcp", label: "LCP s", digits: 2 },
  { key: "tbt", label: "TBT ms", digits: 0 },
  { key: "cls", label: "CLS", digits: 3 },
  { key: "script", label: "script KiB", digits: 1 },
  { key: "cpuTbt", label: "CPU TBT ms", digits: 0 },
  { key: "tasks", label: "long tasks", digits: 0 },
  { key: "load", label: "load 1/5 min" },
];

type Run = {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  script: number;
  cpuTbt: number;
  tasks: number;
  mainThreadCpuMs: number;
  lhr: unknown;
  trace: unknown;
};

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const loadNow = () =>
  os
    .loadavg()
    .slice(0, 2)
    .map((n) => n.toFixed(2))
    .join(" / ");

/** The live register of the teacher's open session of today, as /today links to it. */
async function liveRegisterPath(origin: string, cookies: Cookies): Promise<string> {
  const html = await (await fetch(`${origin}/today`, { headers: { cookie: cookies.header() } })).text();
  const found = /href="(\/sessions\/[^"/]+\/live)"/.exec(html);
  if (!found?.[1]) throw new Error("/today links to no live register: the demo teacher has no open session today");
  return found[1];
}

async function audit(port: number, url: string, cookies: Cookies | null): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    ...(cookies ? { extraHeaders: { Cookie: cookies.header() } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl} (signed out?)`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) =>
    (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const script = items("resource-summary").find((item) => item.resourceType === "script")?.transferSize;
  const observed = items("metrics")[0] as { observedFirstContentfulPaintTs?: number } | undefined;
  const cpu = cpuFigures(
    result.artifacts.Trace.traceEvents as Parameters<typeof cpuFigures>[0],
    observed?.observedFirstContentfulPaintTs,
    lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4,
  );
  return {
    score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    script: typeof script === "number" ? script / 1024 : Number.NaN,
    cpuTbt: cpu?.cpuTbtMs ?? Number.NaN,
    tasks: cpu?.longTasks ?? Number.NaN,
    mainThreadCpuMs: cpu?.mainThreadCpuMs ?? Number.NaN,
    lhr,
    trace: result.artifacts.Trace,
  };
}

function pageRow(target: string, runs: Run[], load: string): ResultRow {
  const m = {
    score: median(runs.map((r) => r.score)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
  };
  const t = LIGHTHOUSE_TARGETS;
  const misses = [
    m.score < t.score ? `perf ${m.score.toFixed(0)}` : null,
    m.lcp > t.lcpMs ? `LCP ${(m.lcp / 1000).toFixed(2)} s` : null,
    m.tbt > t.tbtMs ? `TBT ${m.tbt.toFixed(0)} ms` : null,
    m.cls > t.cls ? `CLS ${m.cls.toFixed(3)}` : null,
  ].filter(Boolean);
  return {
    target,
    values: {
      score: m.score,
      lcp: m.lcp / 1000,
      tbt: m.tbt,
      cls: m.cls,
      script: median(runs.map((r) => r.script)),
      cpuTbt: median(runs.map((r) => r.cpuTbt)),
      tasks: median(runs.map((r) => r.tasks)),
      load,
    },
    goal: `perf ≥ ${t.score}, LCP ≤ ${t.lcpMs / 1000} s, TBT ≤ ${t.tbtMs} ms, CLS ≤ ${t.cls}`,
    verdict: misses.length ? "FAIL" : "PASS",
    ...(misses.length ? { reason: misses.join("; ") } : {}),
  };
}

async function run({ signal, log }: BenchContext): Promise<SuiteReport> {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_BENCH_RUNS) || 3);
  const rows: ResultRow[] = [];
  const raw: Record<string, Omit<Run, "lhr" | "trace">[]> = {};
  // Before the server and Chromium start: they run on the cores the page's renderer does not.
  const cores = splitCores();
  let server: RunningServer | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    // The README's default configuration: plan and progress schedulers on (every 15 minutes, first after 30–35 s).
    server = await startServer(signal, { env: { PLAN_SYNC_INTERVAL_MINUTES: "15" } });
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    cores.watch(chrome.pid);
    log(`lighthouse: ${cores.describe}`);
    log(`lighthouse: server ${server.origin}, Chromium on port ${chrome.port}; waiting for the first progress sync`);
    await waitForApi(server, DEMO_KEYS.alnoorAdmin, signal);
    log(`lighthouse: ${await waitForProgressSync(server, signal, SYNC_WAIT_MS)}`);
    const teacher = await signIn(server.origin, TEACHER);
    const parent = await signIn(server.origin, PARENT);
    const pages: { target: string; path: string; cookies: Cookies | null }[] = [
      { target: "/login (signed out)", path: "/login", cookies: null },
      { target: "/today (teacher)", path: "/today", cookies: teacher },
      { target: "live register (teacher)", path: await liveRegisterPath(server.origin, teacher), cookies: teacher },
      { target: "/family (parent)", path: "/family", cookies: parent },
    ];
    mkdirSync(REPORTS, { recursive: true });
    const only = process.env.LIGHTHOUSE_BENCH_PAGES?.split(",").filter(Boolean);
    for (const page of pages.filter((p) => !only || only.some((word) => p.target.includes(word)))) {
      const results: Run[] = [];
      const name = page.target.split(" ")[0]!.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "live";
      for (let i = 0; i < runs; i++) {
        signal.throwIfAborted();
        results.push(await audit(chrome.port, `${server.origin}${page.path}`, page.cookies));
        const last = results.at(-1)!;
        if (process.env.LIGHTHOUSE_BENCH_TRACES === "1")
          writeFileSync(path.join(REPORTS, `${name}-${i + 1}.trace.json`), JSON.stringify(last.trace));
        log(
          `lighthouse: ${page.target} run ${i + 1}: perf ${last.score.toFixed(0)}, LCP ${(last.lcp / 1000).toFixed(2)} s, TBT ${last.tbt.toFixed(0)} ms, CPU TBT ${last.cpuTbt.toFixed(0)} ms, CLS ${last.cls.toFixed(3)} (load ${loadNow()})`,
        );
      }
      rows.push(pageRow(page.target, results, loadNow()));
      const byScore = results.toSorted((a, b) => a.score - b.score);
      const mid = byScore[Math.floor(byScore.length / 2)]!;
      writeFileSync(path.join(REPORTS, `${name}.json`), JSON.stringify(mid.lhr));
      raw[page.target] = results.map((result) => ({
        score: result.score,
        lcp: result.lcp,
        tbt: result.tbt,
        cls: result.cls,
        script: result.script,
        cpuTbt: result.cpuTbt,
        tasks: result.tasks,
        mainThreadCpuMs: result.mainThreadCpuMs,
      }));
    }
  } finally {
    chrome?.kill();
    await server?.stop();
    cores.release();
  }
  for (const route of jsBudgets()) {
    const over = route.kib > route.budget;
    rows.push({
      target: `${route.page} first-load JS (build)`,
      values: { script: route.kib, load: "n/a" },
      goal: `≤ ${route.budget} KiB gz`,
      verdict: over ? "FAIL" : "PASS",
      ...(over
        ? {
            reason: `${route.kib.toFixed(1)} KiB; largest: ${route.chunks
              .slice(0, 3)
              .map((c) => `${path.basename(c.file)} ${c.kib.toFixed(1)}`)
              .join(", ")}`,
          }
        : {}),
    });
  }
  return {
    suite: "lighthouse",
    title: `Lighthouse mobile (simulated slow 4G, 4× CPU), median of ${runs} runs a page, signed in, after the first progress sync; ${os.cpus().length} CPUs: ${cores.describe}`,
    columns: COLUMNS,
    rows,
    notes: [
      "script KiB: the scripts the page transferred (compressed), Lighthouse's resource summary",
      "CPU TBT and long tasks: TBT recomputed from the trace with each task's CPU time (not wall time) × the CPU slowdown, after FCP; long tasks: over 50 ms so slowed (scripts/bench/trace-cpu.ts). Far less disturbed by a busy machine than TBT",
      "first-load JS (build): gzip of the framework chunks and every chunk the route's client manifest names (no later dynamic chunk)",
      `load average (1 / 5 min) beside each page, at its end; the median run's report of each page: ${path.relative(process.cwd(), REPORTS)}/`,
    ],
    raw,
  };
}

export const lighthouseSuite: Suite = {
  name: "lighthouse",
  summary: "Lighthouse mobile on /login, /today, the live register and /family; JS budgets from the build (issue 31)",
  run,
};
