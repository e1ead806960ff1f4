import { existsSync } from "node:fs";
import { readdir, readlink, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { dashboardDataDir, openDashboardDatabase, type DashboardDatabase } from "../client";
import { BackupError } from "./file";

/**
 * The store for a backup or a restore from the command line. PostgreSQL serves any number of
 * clients; a PGlite folder that a running server holds is refused, and `checked: false` says the
 * folder could not be checked (not Linux): the person is told to make sure the server is stopped.
 */
export async function openStoreAlone(
  purpose: "backup" | "restore",
  env: Record<string, string | undefined> = process.env,
): Promise<{ store: DashboardDatabase; checked: boolean }> {
  let checked = true;
  const folder = dashboardDataDir(env);
  if (!env.DATABASE_URL && !folder.startsWith("memory://")) {
    if (purpose === "backup" && !existsSync(path.join(folder, "PG_VERSION")))
      throw new BackupError(`there is no dashboard store in ${folder} (DASHBOARD_DATA_DIR) to back up`);
    // PostgreSQL writes into the folder whatever the command: files another user made would stop the server's user.
    const owner = existsSync(folder) ? (await stat(folder)).uid : undefined;
    if (owner !== undefined && process.getuid && owner !== process.getuid()) {
      throw new BackupError(
        `the store in ${folder} belongs to user id ${owner}: run the ${purpose} as that user (the server's), e.g. sudo -u <user> npm run dashboard -- ${purpose} FILE`,
      );
    }
    const using = await processesUsing(folder);
    if (using?.length) {
      throw new BackupError(
        `the store in ${folder} is open in process ${using.join(", ")} (a running dashboard?). A PGlite store belongs to one process: stop the server, run the ${purpose}, start it again; or run the dashboard on PostgreSQL (DATABASE_URL), which is backed up while it serves`,
      );
    }
    checked = using !== null;
  }
  return { store: await openDashboardDatabase(env), checked };
}

/**
 * The processes that hold a file of `folder` open, or null where this cannot be known (no /proc:
 * not Linux). PGlite does not lock its folder: a second process opens it and both write, which
 * damages it. Its files stay open for as long as the process has the store open, so an open file
 * under the folder is a process using the store. Processes of other users are not visible to a
 * process that is not root: openStoreAlone runs as the folder's owner, which is the server's user.
 */
export async function processesUsing(folder: string): Promise<number[] | null> {
  if (!existsSync("/proc/self/fd")) return null;
  if (!existsSync(folder)) return [];
  const root = await realpath(folder);
  const inside = (target: string) => target === root || target.startsWith(root + path.sep);
  const using: number[] = [];
  for (const pid of (await readdir("/proc")).filter((name) => /^\d+$/.test(name))) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      if (inside(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ""))) {
        using.push(Number(pid));
        break;
      }
    }
  }
  return using;
}
