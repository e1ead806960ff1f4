import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startInGroup } from "../process-group";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const NEXT_CLI = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const BUILD_ID = path.join(ROOT, ".next", "BUILD_ID");
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.mjs",
  "package.json",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

/** Every child the bench started, so a signal or the overall timeout can stop them all. */
const children = new Set<ChildProcess>();

export function stopAllChildren(): void {
  for (const child of children) killGroup(child, "SIGKILL");
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function newestSourceMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestSourceMtime(path.join(entry, name))), 0);
}

/** Why the production build must be (re)made, or null when `.next` is newer than every source. */
export function staleBuildReason(): string | null {
  if (!existsSync(BUILD_ID)) return ".next/BUILD_ID is missing";
  const built = statSync(BUILD_ID).mtimeMs;
  const newest = Math.max(...SOURCES.map((entry) => newestSourceMtime(path.join(ROOT, entry))));
  return newest > built ? "sources changed since the last build" : null;
}

/** Runs `next build` in its own process group; output goes to the terminal. */
export function build(timeoutMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [NEXT_CLI, "build"], {
      cwd: ROOT,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", SCHOOL_API_DATA_DIR: "memory://", NODE_ENV: "production" },
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    });
    children.add(child);
    const stop = () => killGroup(child, "SIGTERM");
    const timer = setTimeout(stop, timeoutMs);
    signal.addEventListener("abort", stop, { once: true });
    child.on("error", reject);
    child.on("close", (code, killedBy) => {
      clearTimeout(timer);
      children.delete(child);
      signal.removeEventListener("abort", stop);
      if (code === 0) resolve();
      else reject(new Error(`next build failed (${killedBy ? `stopped by ${killedBy}` : `exit code ${code}`})`));
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type RunningServer = { origin: string; pid: number; logTail(): string; stop(): Promise<void> };

/** Each process of the server's process group (`next start` and any worker): its /proc stat fields after the name, and its pid. */
function eachGroupProcess(pid: number, visit: (fields: string[], entry: string) => void): void {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pid) visit(fields, entry); // process group id
    } catch {
      // the process ended meanwhile
    }
  }
}

/** Resident memory of the server's whole process group, from /proc. */
export function groupRssMb(pid: number): number | null {
  try {
    let kb = 0;
    eachGroupProcess(pid, (_fields, entry) => {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1] ?? 0);
    });
    return kb / 1024;
  } catch {
    return null;
  }
}

/** Linux counts a process's CPU time in ticks of 1/100 s (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) the server's whole process group has used so far, from /proc. */
export function groupCpuSeconds(pid: number): number {
  let ticks = 0;
  eachGroupProcess(pid, (fields) => {
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
  });
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/** The messages of the server's JSON log lines of one kind (lib/ops/log.ts), oldest first, in the kept tail. */
/** Waits for the scheduler's first progress cycle of Al-Noor (the server logs it); returns its line. */
export async function waitForProgressSync(server: RunningServer, signal: AbortSignal, waitMs: number): Promise<string> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    signal.throwIfAborted();
    const line = logMessages(server, "progress_sync").find((message) => /^alnoor: .*cycle,/.test(message));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(
    `no progress sync of alnoor within ${waitMs / 60_000} min\n--- server output ---\n${server.logTail()}`,
  );
}

export function logMessages(server: RunningServer, kind: string): string[] {
  const messages: string[] = [];
  for (const line of server.logTail().split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { kind?: unknown; msg?: unknown };
      if (entry.kind === kind && typeof entry.msg === "string") messages.push(entry.msg);
    } catch {
      // The tail's first line may be cut.
    }
  }
  return messages;
}

export type ServerOptions = {
  env?: Record<string, string>;
  /** Node flags for the server process, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
};

/**
 * `next start` on loopback with fresh in-memory demo data and no rate limit. Resolves once the bare
 * route answers; the embedded API seeds on its first request (see `waitForApi`).
 */
export async function startServer(signal: AbortSignal, options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    SCHOOL_API_DATA_DIR: "memory://",
    // A fresh dashboard store too: the demo accounts link to ids of this run's fresh school.
    DASHBOARD_DATA_DIR: "memory://",
    PLAN_SYNC_INTERVAL_MINUTES: "0",
    SCHOOL_API_RATE_LIMIT_PER_MINUTE: "0",
    // Its own admin token, so the runtime does not overwrite the developer's .data/school-admin-token.
    SCHOOL_ADMIN_TOKEN: `bench_${randomBytes(16).toString("hex")}`,
  };
  delete env.SCHOOL_API_URL;
  delete env.SCHOOL_API_DATABASE_URL;
  // A suite may point the embedded API at PostgreSQL on purpose.
  Object.assign(env, options.env);
  const args = [...(options.nodeArgs ?? []), NEXT_CLI, "start", "-H", "127.0.0.1", "-p", String(port)];
  const started = startInGroup(process.execPath, args, env, { keepChars: 8_000 });
  const { process: child, exited } = started;
  children.add(child);
  exited.then(() => children.delete(child));

  const server: RunningServer = {
    origin,
    pid: child.pid ?? 0,
    logTail: started.output,
    async stop() {
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitUntil(
      `${origin}/api/health`,
      {},
      60_000,
      signal,
      () => child.exitCode !== null || child.signalCode !== null,
    );
    return server;
  } catch (error) {
    await server.stop();
    throw new Error(
      `next start did not become ready: ${(error as Error).message}\n--- server output ---\n${started.output()}`,
    );
  }
}

/** Waits for the embedded API to answer (its first request opens the database and seeds the demo). */
export async function waitForApi(server: RunningServer, key: string, signal: AbortSignal): Promise<number> {
  const started = Date.now();
  await waitUntil(`${server.origin}/api/v1/school`, { Authorization: `Bearer ${key}` }, 180_000, signal, () => false);
  return Date.now() - started;
}

async function waitUntil(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal,
  dead: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    signal.throwIfAborted();
    if (dead()) throw new Error("the server exited");
    try {
      const response = await fetch(url, {
        headers,
        signal: AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, deadline - Date.now()))]),
      });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      signal.throwIfAborted();
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not ready within ${timeoutMs / 1000} s (last: ${last})`);
}
