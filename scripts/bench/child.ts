/**
 * Bench suites that need the `react-server` condition (server-only modules) run their own file
 * again in a child `tsx` process, which prints its measurements as one JSON line after a marker.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Spawns `file` under tsx with the `react-server` condition. */
export function spawnTsx(
  file: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: "ignore" | "pipe"; detached?: boolean } = {},
) {
  return spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["--conditions=react-server", file, ...args], {
    cwd: ROOT,
    env: options.env ?? process.env,
    stdio: [options.stdin ?? "ignore", "pipe", "inherit"],
    detached: options.detached ?? false,
  });
}

/** Calls `onLine` with each whole line the child prints (a chunk may end mid-line); returns what is left after the last newline. */
export function eachLine(child: ChildProcess, onLine: (line: string) => void): () => string {
  let partial = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  });
  return () => partial;
}

/**
 * Runs `file --json` in its own process group, passes its log lines (`[name-bench] …`, shown as
 * `name: …`) to `log`, and resolves with the JSON printed after `marker`; an abort kills the group.
 */
export function measureInChild<T>(
  file: string,
  options: { name: string; marker: string; signal: AbortSignal; log: (line: string) => void },
): Promise<T> {
  const { marker, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const child = spawnTsx(file, ["--json"], { detached: true });
    const prefix = `[${options.name}-bench] `;
    let result: string | null = null;
    const rest = eachLine(child, (line) => {
      if (line.startsWith(marker)) result = line.slice(marker.length);
      else if (line) options.log(line.startsWith(prefix) ? `${options.name}: ${line.slice(prefix.length)}` : line);
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
      if (rest().startsWith(marker)) result = rest().slice(marker.length);
      if (code !== 0 || result === null)
        return reject(new Error(`the ${options.name} bench process failed (exit code ${code})`));
      resolve(JSON.parse(result) as T);
    });
  });
}

/**
 * The child's side: when the module at `moduleUrl` is the script node started, runs `main` and
 * exits 0, or prints the failure (`[name-bench] …`) and exits 1.
 */
export function runWhenMain(moduleUrl: string, name: string, main: () => Promise<void>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`[${name}-bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
