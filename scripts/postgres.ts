/**
 * Throwaway PostgreSQL 15 clusters for tests: a temp folder, initdb, pg_ctl on 127.0.0.1 and a free
 * port, the unix socket inside the temp folder. Stopped and deleted by `stop()`, and by a small
 * watchdog process if the process that started it dies first.
 *
 * Self-check: `npx tsx scripts/postgres.ts --self-test`
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, chownSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { selfTestWhenRun } from "./self-test";

export const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

export type PostgresCluster = {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  port: number;
  dir: string;
  stop: () => Promise<void>;
};

export function postgresAvailable(binDir: string = POSTGRES_BIN_DIR): boolean {
  return ["initdb", "pg_ctl", "postgres"].every((name) => existsSync(path.join(binDir, name)));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/** PostgreSQL refuses to run as root, so root runs it as the `postgres` system user. */
function runAsUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new Error("Running as root, but there is no `postgres` user to run PostgreSQL as.");
  }
}

function command(runAs: { uid: number } | null, binDir: string, tool: string, args: string[]): [string, string[]] {
  const bin = path.join(binDir, tool);
  return runAs ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
}

function exec(runAs: { uid: number } | null, binDir: string, tool: string, args: string[]): void {
  const [file, argv] = command(runAs, binDir, tool, args);
  try {
    execFileSync(file, argv, { stdio: "pipe", encoding: "utf8", timeout: 120_000 });
  } catch (error) {
    const output = error instanceof Error && "stderr" in error ? String(error.stderr) : "";
    throw new Error(`${tool} ${args[0] ?? ""} failed: ${output.trim() || String(error)}`, { cause: error });
  }
}

/** Kills the cluster if the process `parentPid` goes away without stopping it. */
function startWatchdog(parentPid: number, stopCommand: [string, string[]], dir: string): void {
  const source = `
    const { execFileSync } = require("node:child_process");
    const { existsSync, rmSync } = require("node:fs");
    const [pid, file, dir, ...args] = process.argv.slice(1);
    const alive = () => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
    const timer = setInterval(() => {
      if (!existsSync(dir)) return clearInterval(timer);
      if (alive()) return;
      clearInterval(timer);
      try { execFileSync(file, args, { stdio: "ignore", timeout: 60000 }); } catch {}
      rmSync(dir, { recursive: true, force: true });
    }, 1000);
  `;
  const child = spawn(process.execPath, ["-e", source, String(parentPid), stopCommand[0], dir, ...stopCommand[1]], {
    detached: true,
    stdio: "ignore",
  });
  child.unref();
}

export async function startPostgres(options: { binDir?: string } = {}): Promise<PostgresCluster> {
  const binDir = options.binDir ?? POSTGRES_BIN_DIR;
  if (!postgresAvailable(binDir)) throw new Error(`PostgreSQL binaries not found in ${binDir}`);
  const runAs = runAsUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), "halqa-pg-"));
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const dataDir = path.join(dir, "data");
  const stopArgs = ["stop", "-D", dataDir, "-m", "immediate", "-w", "-t", "30"];
  let started = false;
  const stop = async () => {
    if (started) {
      try {
        exec(runAs, binDir, "pg_ctl", stopArgs);
      } catch (error) {
        if (existsSync(path.join(dataDir, "postmaster.pid"))) throw error;
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    exec(runAs, binDir, "initdb", [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--no-locale",
      "--no-sync",
    ]);
    startWatchdog(process.pid, command(runAs, binDir, "pg_ctl", stopArgs), dir);
    let lastError: unknown;
    for (let attempt = 0; attempt < 3 && !started; attempt += 1) {
      const port = await freePort();
      const serverOptions = [
        `-h 127.0.0.1 -p ${port} -k ${dir}`,
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off",
      ].join(" ");
      try {
        exec(runAs, binDir, "pg_ctl", [
          "start",
          "-D",
          dataDir,
          "-l",
          path.join(dir, "postgres.log"),
          "-w",
          "-t",
          "60",
          "-o",
          serverOptions,
        ]);
        started = true;
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

async function selfTest(): Promise<void> {
  if (!postgresAvailable()) {
    console.log(`postgres self-test: skipped, no PostgreSQL binaries in ${POSTGRES_BIN_DIR}`);
    return;
  }
  const { default: pg } = await import("pg");
  const cluster = await startPostgres();
  try {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const result = await client.query<{ one: number; version: string }>("select 1 as one, version() as version");
      const row = result.rows[0];
      if (row?.one !== 1) throw new Error("select 1 did not return 1");
      console.log(`postgres self-test: ${cluster.url} answered select 1 (${row.version.split(",")[0]})`);
    } finally {
      await client.end();
    }
  } finally {
    await cluster.stop();
  }
  if (existsSync(cluster.dir)) throw new Error(`cluster folder ${cluster.dir} was not removed`);
  console.log("postgres self-test: stopped and removed");
}

selfTestWhenRun(import.meta.url, selfTest);
