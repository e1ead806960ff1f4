import "server-only";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** What the child runs: PGlite's own first start (initdb) in a folder, then a clean close. */
const INIT_SCRIPT = `
import { PGlite } from "@electric-sql/pglite";
const db = new PGlite(process.argv[1]);
await db.waitReady;
await db.close();
`;

const INIT_TIMEOUT_MS = 120_000;

/**
 * A new PGlite data folder is made by PostgreSQL's initdb, which PGlite runs as a second
 * WebAssembly module inside the process that opens the folder. Its memory is never handed back:
 * a server that made its own folders stayed about 470 MB larger for its whole life (677 MB against
 * 204 MB for one store opened on an existing folder). So a folder that does not hold a database yet
 * is made in a short-lived child process, and the server only ever opens existing folders.
 * Two processes racing on one new folder are not a case here: a PGlite folder belongs to one
 * process (docs/scaling.md), and the child's initdb fails on a folder that another one filled.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ["--input-type=module", "--eval", INIT_SCRIPT, dataDir],
      { cwd: process.cwd(), timeout: INIT_TIMEOUT_MS },
      (error, _stdout, stderr) =>
        error
          ? reject(new Error(`could not create the database folder ${dataDir}: ${stderr.trim() || error.message}`))
          : resolve(),
    );
  });
}
