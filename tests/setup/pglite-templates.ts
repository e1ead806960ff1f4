/**
 * Vitest globalSetup of the unit and authz projects: migrates one in-memory dashboard store, writes
 * its data folder (PGlite's `dumpDataDir`) to a file and names it in PGLITE_MEMORY_TEMPLATES, so that
 * each test file's new in-memory store starts from that copy instead of migrating from nothing
 * (lib/pg/open.ts). Test files run in workers started after this, which inherit the variable.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { DASHBOARD_MIGRATIONS } from "@/lib/db/client";
import { openMemoryStore } from "@/tests/support/db/memory-store";

export default async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), "halqa-pglite-templates-"));
  const store = await openMemoryStore();
  try {
    const dump = await (store.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    const file = path.join(folder, "dashboard.tar");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    process.env.PGLITE_MEMORY_TEMPLATES = JSON.stringify({ [DASHBOARD_MIGRATIONS]: file });
  } finally {
    await store.close();
  }
  return async () => {
    delete process.env.PGLITE_MEMORY_TEMPLATES;
    await rm(folder, { recursive: true, force: true });
  };
}
