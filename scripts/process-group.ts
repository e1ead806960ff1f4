/** Children the scripts start (servers, HAProxy) in a process group of their own, with what they print kept. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type GroupChild = {
  process: ChildProcess;
  /** What it printed (stdout and stderr together), the last `keepChars` of it when that was given. */
  output: () => string;
  /** Settles when it has exited and its output is closed. */
  exited: Promise<void>;
};

/**
 * Starts `file` from the repository root, detached: a stop (a signal to minus its pid) reaches
 * everything it starts in turn.
 */
export function startInGroup(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { keepChars?: number } = {},
): GroupChild {
  const child = spawn(file, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.keepChars !== undefined) output = output.slice(-options.keepChars);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  return { process: child, output: () => output, exited };
}
