/**
 * Several `next start` instances of the production build on one throwaway PostgreSQL 15, behind
 * HAProxy (round robin, loopback only), as README "How it scales" describes: both stores on that
 * server (a database each), one AUTH_SECRET, the balancer as the trusted proxy, everything else
 * the README's default (the plan-sync scheduler on). Started and stopped here, for the two-instance
 * e2e leg (e2e/scaling.spec.ts) and `npm run bench -- instances`.
 *
 * Self-check: `npx tsx scripts/instances.ts --self-test`
 */
import { spawn, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freePort, postgresAvailable, startPostgres, type PostgresCluster } from "./postgres";
import { startInGroup, type GroupChild } from "./process-group";
import { selfTestWhenRun } from "./self-test";
import { DEMO_KEYS } from "../school-api/seed-facts";

export const HAPROXY = process.env.HAPROXY_BIN ?? "/usr/sbin/haproxy";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NEXT_CLI = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const LOG_DIR = path.join(ROOT, ".test-reports");

/** What the leg needs on this machine, or why it cannot run. */
export function instancesUnavailable(): string | null {
  if (!postgresAvailable()) return "PostgreSQL 15 is not installed (/usr/lib/postgresql/15/bin)";
  if (!existsSync(HAPROXY)) return `HAProxy is not installed (${HAPROXY}; apt-get install -y haproxy)`;
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID")))
    return "there is no production build (.next/BUILD_ID); run next build";
  return null;
}

export type Instance = { name: string; origin: string; pid: number; log(): string };

export type Instances = {
  /** HAProxy's address: what users reach. */
  balancer: string;
  instances: Instance[];
  postgres: PostgresCluster;
  /** Shared by the instances: the school's own operations (POST /api/school-admin). */
  adminToken: string;
  stop(): Promise<void>;
};

export type InstancesOptions = {
  count?: number;
  env?: Record<string, string>;
  logPrefix?: string;
  log?: (line: string) => void;
};

/** HAProxy's configuration: round robin over the instances, health-checked, loopback only. */
export function haproxyConfig(port: number, servers: { name: string; port: number }[]): string {
  return [
    "global",
    "  maxconn 4096",
    "defaults",
    "  mode http",
    "  timeout connect 5s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  option http-keep-alive",
    "frontend dashboard",
    `  bind 127.0.0.1:${port}`,
    "  default_backend instances",
    "backend instances",
    "  balance roundrobin",
    "  option httpchk GET /api/health",
    // The client's address replaces whatever a client claimed (README: replace, not append).
    "  http-request set-header X-Forwarded-For %[src]",
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check inter 2s`),
    "",
  ].join("\n");
}

type Child = GroupChild;

/**
 * Ends the child's process group when this process goes away without stopping it (a test worker
 * ended on a timeout before its afterAll ran): instances never outlive the run that started them.
 */
function guard(childPid: number): void {
  const source = `
    const [parent, group] = process.argv.slice(1).map(Number);
    const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
    const timer = setInterval(() => {
      if (!alive(group)) { clearInterval(timer); process.exit(0); }
      if (alive(parent)) return;
      clearInterval(timer);
      try { process.kill(-group, "SIGTERM"); } catch {}
      setTimeout(() => { try { process.kill(-group, "SIGKILL"); } catch {} process.exit(0); }, 5000);
    }, 1000);
  `;
  spawn(process.execPath, ["-e", source, String(process.pid), String(childPid)], {
    detached: true,
    stdio: "ignore",
  }).unref();
}

function startChild(file: string, args: string[], env: NodeJS.ProcessEnv, logFile: string | null): Child {
  const child = startInGroup(file, args, env);
  if (child.process.pid !== undefined) guard(child.process.pid);
  if (logFile) void child.exited.then(() => writeFileSync(logFile, child.output()));
  return child;
}

async function stopChild(child: Child): Promise<void> {
  const pid = child.process.pid;
  if (pid === undefined || child.process.exitCode !== null || child.process.signalCode !== null) return child.exited;
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  kill("SIGTERM");
  const timer = setTimeout(() => kill("SIGKILL"), 5_000);
  await child.exited;
  clearTimeout(timer);
}

async function waitFor(
  url: string,
  child: Child,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null)
      throw new Error(`exited (${child.process.exitCode}) before ${url} answered:\n${child.output().slice(-3_000)}`);
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `${url} did not answer within ${timeoutMs / 1000} s (last: ${last}):\n${child.output().slice(-3_000)}`,
  );
}

async function createDatabases(url: string, names: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of names) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return names.map((name) => url.replace(/\/postgres$/, `/${name}`));
}

export async function startInstances(options: InstancesOptions = {}): Promise<Instances> {
  const unavailable = instancesUnavailable();
  if (unavailable) throw new Error(`cannot start the instances: ${unavailable}`);
  const count = options.count ?? 2;
  const log = options.log ?? (() => undefined);
  const prefix = options.logPrefix ?? "instances";
  mkdirSync(LOG_DIR, { recursive: true });
  const children: Child[] = [];
  const postgres = await startPostgres();
  const scratch = mkdtempSync(path.join(os.tmpdir(), "halqa-lb-"));
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    rmSync(scratch, { recursive: true, force: true });
    await postgres.stop();
  };
  try {
    const [dashboardUrl, schoolApiUrl] = await createDatabases(postgres.url, ["dashboard", "school_api"]);
    log(`PostgreSQL 15 on ${postgres.url.replace(/\/postgres$/, "")}: databases dashboard and school_api`);
    const adminToken = `lb_admin_${randomBytes(16).toString("hex")}`;
    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: dashboardUrl!,
      SCHOOL_API_DATABASE_URL: schoolApiUrl!,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      SCHOOL_API_CURSOR_SECRET: randomBytes(32).toString("base64url"),
      SCHOOL_ADMIN_TOKEN: adminToken,
      TRUSTED_PROXIES: "127.0.0.1",
      ...options.env,
    };
    for (const name of ["SCHOOL_API_URL", "SCHOOL_CONNECTIONS_FILE", "SCHOOL_API_DATA_DIR", "DASHBOARD_DATA_DIR"])
      delete shared[name];
    const instances: Instance[] = [];
    for (let index = 0; index < count; index++) {
      const port = await freePort();
      const name = `instance-${String.fromCharCode(97 + index)}`;
      const child = startChild(
        process.execPath,
        [NEXT_CLI, "start", "-H", "127.0.0.1", "-p", String(port)],
        { ...shared, PORT: String(port) },
        path.join(LOG_DIR, `${prefix}-${name}.log`),
      );
      children.push(child);
      instances.push({ name, origin: `http://127.0.0.1:${port}`, pid: child.process.pid ?? 0, log: child.output });
    }
    // Both at once, as a rolling start would not: migrations and the demo seed must take turns by themselves.
    await Promise.all(
      instances.map(async (instance, index) => {
        const child = children[index]!;
        await waitFor(`${instance.origin}/api/health`, child, 120_000);
        await waitFor(`${instance.origin}/api/v1/school`, child, 180_000, {
          Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}`,
        });
      }),
    );
    log(`${count} instances ready: ${instances.map((instance) => instance.origin).join(", ")}`);
    const port = await freePort();
    const config = path.join(scratch, "haproxy.cfg");
    writeFileSync(
      config,
      haproxyConfig(
        port,
        instances.map((instance) => ({ name: instance.name, port: Number(new URL(instance.origin).port) })),
      ),
    );
    execFileSync(HAPROXY, ["-c", "-q", "-f", config], { stdio: "pipe" });
    const haproxy = startChild(
      HAPROXY,
      ["-db", "-f", config],
      process.env,
      path.join(LOG_DIR, `${prefix}-haproxy.log`),
    );
    children.push(haproxy);
    const balancer = `http://127.0.0.1:${port}`;
    await waitFor(`${balancer}/api/health`, haproxy, 30_000);
    log(`HAProxy (round robin) on ${balancer}`);
    return { balancer, instances, postgres, adminToken, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function selfTest(): Promise<void> {
  const unavailable = instancesUnavailable();
  if (unavailable) {
    console.log(`instances self-test: skipped, ${unavailable}`);
    return;
  }
  const started = Date.now();
  const cluster = await startInstances({
    logPrefix: "self-test",
    log: (line) => console.log(`instances self-test: ${line}`),
  });
  try {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${cluster.balancer}/api/v1/school`, {
        headers: { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` },
      });
      if (!response.ok) throw new Error(`the balancer answered ${response.status}`);
      seen.add((await response.json()).data.id);
    }
    console.log(
      `instances self-test: one school through the balancer (${[...seen].join(", ")}), ready in ${Date.now() - started} ms`,
    );
  } finally {
    await cluster.stop();
  }
}

selfTestWhenRun(import.meta.url, selfTest);
