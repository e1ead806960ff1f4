import { existsSync } from "node:fs";
import { readdir, readlink, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { dashboardDataDir } from "./client";

/** A refusal with a message for the person running the command; nothing was changed. */
export class CommandRefusal extends Error {}

/** What the command line does with the store, and what to do instead while a server holds it. */
const INSTEAD = {
  backup: "stop the server, run the backup, start it again",
  restore: "stop the server, run the restore, start it again",
  "send-weekly-summaries":
    "send them from the running dashboard (the Messages page, “Send this week's summaries now”), or stop the server first",
  "create-admin": "stop the server, create the admin, start it again",
} as const;
export type StoreCommand = keyof typeof INSTEAD;

/**
 * Every command that opens the dashboard's store checks this first. PostgreSQL serves any number of
 * clients; a PGlite folder that a running server holds is refused (the command would read a stale
 * copy of it, or damage it by writing beside the server), and `checked: false` says the folder could
 * not be checked (not Linux): the person is told to make sure the server is stopped.
 */
export async function requireStoreAlone(
  command: StoreCommand,
  env: Record<string, string | undefined> = process.env,
): Promise<{ checked: boolean }> {
  let checked = true;
  const folder = dashboardDataDir(env);
  if (!env.DATABASE_URL && !folder.startsWith("memory://")) {
    if (command === "backup" && !existsSync(path.join(folder, "PG_VERSION")))
      throw new CommandRefusal(`there is no dashboard store in ${folder} (DASHBOARD_DATA_DIR) to back up`);
    // PostgreSQL writes into the folder whatever the command: files another user made would stop the server's user.
    const owner = existsSync(folder) ? (await stat(folder)).uid : undefined;
    if (owner !== undefined && process.getuid && owner !== process.getuid()) {
      throw new CommandRefusal(
        `the store in ${folder} belongs to user id ${owner}: run the ${command} as that user (the server's), e.g. sudo -u <user> npm run dashboard -- ${command} …`,
      );
    }
    const using = await processesUsing(folder);
    if (using?.length) {
      throw new CommandRefusal(
        `the store in ${folder} is open in process ${using.join(", ")} (a running dashboard?). A PGlite store belongs to one process: ${INSTEAD[command]}; or run the dashboard on PostgreSQL (DATABASE_URL), which serves the server and the command line at once`,
      );
    }
    checked = using !== null;
  }
  return { checked };
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
