/**
 * Issue 13 bench: a fresh server's first minute, in the README's default configuration (the
 * plan-sync scheduler on, fresh data).
 *
 * - The demo's first full plan sync on `next start`: the scheduler's own first cycle (30 s after
 *   start), read from the server's `plan_sync` log line `alnoor: full cycle, … in N ms`. Target ≤ 2 s.
 * - The first page of `npm run dev` on a fresh clone (`git clone` of this worktree, node_modules
 *   hard-linked, default data folders inside the clone): `GET /` as soon as the dev server says it
 *   is ready, timed; and whether the first sync cycle ran while that page was rendering. Target: it
 *   never waits for a sync (no overlap).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { machineLoadNote, type Column, type ResultRow, type SuiteReport } from "./report";
import { freePort, logMessages, ROOT, startServer } from "./server";
import type { Suite } from "./suite";

const FIRST_SYNC_TARGET_MS = 2_000;
const CYCLE_LINE = /alnoor: full cycle, (\d+) plans, (\d+) assignments, (\d+) requests in (\d+) ms/;

const COLUMNS: Column[] = [
  { key: "seconds", label: "time s", digits: 2 },
  { key: "requests", label: "requests" },
  { key: "since", label: "after start s", digits: 1 },
];

async function waitFor<T>(probe: () => T | null, timeoutMs: number, signal: AbortSignal): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal.throwIfAborted();
    const found = probe();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `next start` as the README runs it; nothing is requested until the scheduler's first cycle is done. */
async function firstSyncOnStart(signal: AbortSignal, log: (message: string) => void) {
  const started = Date.now();
  const server = await startServer(signal, {
    env: { PLAN_SYNC_INTERVAL_MINUTES: "15", SCHOOL_API_RATE_LIMIT_PER_MINUTE: "6000" },
  });
  try {
    log(`startup: next start on ${server.origin}, waiting for the scheduler's first cycle (30 s after start)`);
    const match = await waitFor(
      () =>
        logMessages(server, "plan_sync")
          .map((message) => CYCLE_LINE.exec(message))
          .find(Boolean) ?? null,
      180_000,
      signal,
    );
    return {
      ms: Number(match[4]),
      requests: Number(match[3]),
      plans: Number(match[1]),
      since: (Date.now() - started) / 1000,
      line: match[0],
    };
  } finally {
    await server.stop();
  }
}

/** A fresh clone's `next dev`: the first page as soon as it is ready, and the first cycle's place in time. */
async function firstDevPage(signal: AbortSignal, log: (message: string) => void) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "halqa-fresh-"));
  try {
    execFileSync("git", ["clone", "-q", ROOT, dir]);
    execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "development",
    };
    for (const name of [
      "SCHOOL_API_URL",
      "SCHOOL_API_DATABASE_URL",
      "SCHOOL_API_DATA_DIR",
      "DASHBOARD_DATA_DIR",
      "PLAN_SYNC_INTERVAL_MINUTES",
      "SCHOOL_ADMIN_TOKEN",
    ])
      delete env[name];
    const started = Date.now();
    const child = spawn(
      process.execPath,
      [path.join(dir, "node_modules/next/dist/bin/next"), "dev", "--port", String(port)],
      { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    const lines: { at: number; text: string }[] = [];
    const keep = (chunk: Buffer) =>
      lines.push(
        ...chunk
          .toString()
          .split("\n")
          .filter(Boolean)
          .map((text) => ({ at: Date.now(), text })),
      );
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    try {
      await waitFor(() => (lines.some((line) => /Ready in/.test(line.text)) ? true : null), 120_000, signal);
      const ready = Date.now();
      log(`startup: next dev of a fresh clone ready after ${((ready - started) / 1000).toFixed(1)} s; GET /`);
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(300_000)]),
      });
      await response.arrayBuffer();
      const answered = Date.now();
      if (!response.ok) throw new Error(`GET / answered ${response.status}`);
      const cycle = await waitFor(
        () => {
          const line = lines.find((entry) => CYCLE_LINE.test(entry.text));
          return line ? { end: line.at, ms: Number(CYCLE_LINE.exec(line.text)![4]) } : null;
        },
        240_000,
        signal,
      );
      const cycleStart = cycle.end - cycle.ms;
      const overlapMs = Math.max(0, Math.min(answered, cycle.end) - Math.max(ready, cycleStart));
      return {
        pageMs: answered - ready,
        since: (answered - started) / 1000,
        readyS: (ready - started) / 1000,
        cycleStartS: (cycleStart - started) / 1000,
        cycleMs: cycle.ms,
        overlapMs,
      };
    } finally {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const startupSuite: Suite = {
  name: "startup",
  summary:
    "a fresh server: the demo's first plan sync on next start (≤ 2 s), the first page of next dev on a fresh clone (never waits for a sync)",
  async run({ signal, log }) {
    const before = os.loadavg();
    const sync = await firstSyncOnStart(signal, log);
    log(`startup: ${sync.line}`);
    const dev = await firstDevPage(signal, log);
    log(
      `startup: first page in ${dev.pageMs} ms; first cycle began ${dev.cycleStartS.toFixed(1)} s after start and took ${dev.cycleMs} ms; overlap ${dev.overlapMs} ms`,
    );
    const rows: ResultRow[] = [
      {
        target: `demo's first full plan sync (next start, ${sync.plans} plans)`,
        values: { seconds: sync.ms / 1000, requests: sync.requests, since: sync.since },
        goal: `≤ ${FIRST_SYNC_TARGET_MS / 1000} s`,
        verdict: sync.ms <= FIRST_SYNC_TARGET_MS ? "PASS" : "FAIL",
        ...(sync.ms <= FIRST_SYNC_TARGET_MS ? {} : { reason: `${(sync.ms / 1000).toFixed(2)} s` }),
      },
      {
        target: "first page of npm run dev on a fresh clone (GET /)",
        values: { seconds: dev.pageMs / 1000, requests: null, since: dev.since },
        goal: "never waits for a sync",
        verdict: dev.overlapMs === 0 ? "PASS" : "FAIL",
        ...(dev.overlapMs === 0 ? {} : { reason: `a sync cycle ran during ${dev.overlapMs} ms of it` }),
      },
    ];
    const report: SuiteReport = {
      suite: "startup",
      title: "Start-up bench — fresh servers in the README's default configuration (scheduler on)",
      columns: COLUMNS,
      rows,
      notes: [
        machineLoadNote(before),
        `first sync: the scheduler's own cycle, from its log line; the stores open and the demo seeds at start, before it (instrumentation.ts)`,
        `dev: ready ${dev.readyS.toFixed(1)} s after spawn; the page was requested then and answered ${(dev.pageMs / 1000).toFixed(1)} s later (compiling included); the first cycle began ${dev.cycleStartS.toFixed(1)} s after spawn and took ${dev.cycleMs} ms`,
      ],
      raw: { sync, dev },
    };
    return report;
  },
};
