import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openPg } from "./open";
import { prepareDataDir } from "./prepare-data-dir";

const folders: string[] = [];
async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "halqa-pg-"));
  folders.push(folder);
  return folder;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

// initdb takes a few seconds, more on a busy machine.
describe("a new PGlite data folder is made outside the server process", { timeout: 120_000 }, () => {
  it("creates the database in an empty folder, and leaves an existing one as it is", async () => {
    const folder = path.join(await tempFolder(), "store");
    await prepareDataDir(folder);
    expect((await readFile(path.join(folder, "PG_VERSION"), "utf8")).trim()).toMatch(/^\d+$/);
    const made = (await stat(path.join(folder, "PG_VERSION"))).mtimeMs;
    await prepareDataDir(folder);
    expect((await stat(path.join(folder, "PG_VERSION"))).mtimeMs).toBe(made);
  });

  it("opens, migrates and keeps data in a folder it made", async () => {
    const folder = path.join(await tempFolder(), "store");
    const migrations = await tempFolder();
    const first = await openPg({ dataDir: folder }, {}, migrationsOf(migrations));
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();
    const again = await openPg({ dataDir: folder }, {}, migrationsOf(migrations));
    const rows = (await again.db.execute(sql`select v from kept`)) as unknown as { rows: { v: string }[] };
    expect(rows.rows).toEqual([{ v: "still here" }]);
    await again.close();
  });

  it("says which folder it could not make", async () => {
    const file = path.join(await tempFolder(), "a-file");
    await writeFile(file, "not a folder");
    await expect(prepareDataDir(path.join(file, "store"))).rejects.toThrow(
      /could not create the database folder .*a-file/,
    );
  });
});

/** An empty drizzle migrations folder (a journal without entries). */
function migrationsOf(folder: string): string {
  const meta = path.join(folder, "meta");
  mkdirSync(meta, { recursive: true });
  writeFileSync(path.join(meta, "_journal.json"), JSON.stringify({ version: "7", dialect: "postgresql", entries: [] }));
  return folder;
}
