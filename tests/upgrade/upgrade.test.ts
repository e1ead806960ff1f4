/**
 * The upgrade path (issue 27, point 6): a store of the previous release (fixtures/store-0009.sql,
 * README.md here), opened by this build the way the server opens it (lib/db → openPg, which applies
 * the missing migrations), on PGlite and on PostgreSQL. Every row is still there, a person signs in
 * with the password they had, and the audit log reads through its page query.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DASHBOARD_MIGRATIONS, type DashboardDatabase } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { backupKey, backupStore, restoreStore } from "@/lib/db/backup";

const KEY = backupKey("this deployment's secret, long enough");
import { knownLevels } from "@/lib/db/backup/level";
import { openStoreAt } from "@/tests/support/db/memory-store";
import { postgresAvailable, startPostgres, type PostgresCluster } from "@/scripts/postgres";

// The audit page names halqas through the school's API; there is no school here.
vi.mock("@/lib/features/reference", async (original) => ({ ...(await original<object>()), halqasFor: async () => [] }));
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const FIXTURE_LEVEL = "0009_family_indexes";
type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** Every row of every table of the store, by table, each row as PostgreSQL's JSON of it. */
async function everyRow(query: Query): Promise<Map<string, Record<string, unknown>[]>> {
  const tables = (
    await query(`select table_name from information_schema.tables where table_schema = 'public' order by 1`)
  ).rows as { table_name: string }[];
  const all = new Map<string, Record<string, unknown>[]>();
  for (const { table_name: table } of tables) {
    const { rows } = await query(`select to_jsonb(t) as row from public."${table}" t order by to_jsonb(t)::text`);
    all.set(
      table,
      (rows as { row: Record<string, unknown> }[]).map((r) => r.row),
    );
  }
  return all;
}

const level = async (query: Query) =>
  (
    (await query(`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`)).rows[0] as {
      hash: string;
    }
  ).hash;
const hashOf = (tag: string) => knownLevels(DASHBOARD_MIGRATIONS).find((known) => known.tag === tag)!.hash;

/** A PGlite store in a fresh temporary folder, loaded with `dump` and opened again, as a store of that level is. */
async function pgliteStoreOf(dump: string): Promise<{ dataDir: string; reader: PGlite }> {
  const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), "halqa-upgrade-")), "store");
  const old = new PGlite(dataDir);
  await old.exec(dump);
  await old.close();
  return { dataDir, reader: new PGlite(dataDir) };
}

/** `close`: the loading session lets go of the store; `remove`: the store is deleted. */
type Engine = {
  name: string;
  load: (
    dump: string,
  ) => Promise<{ env: Record<string, string>; query: Query; close: () => Promise<void>; remove: () => Promise<void> }>;
};
const engines: Engine[] = [
  {
    name: "PGlite",
    load: async (dump) => {
      const { dataDir, reader } = await pgliteStoreOf(dump);
      return {
        env: { DASHBOARD_DATA_DIR: dataDir },
        query: (text) => reader.query(text),
        close: () => reader.close(),
        remove: () => rm(path.dirname(dataDir), { recursive: true, force: true }),
      };
    },
  },
  ...(postgresAvailable()
    ? [
        {
          name: "PostgreSQL",
          load: async (dump: string) => {
            const cluster: PostgresCluster = await startPostgres();
            const loader = new pg.Client({ connectionString: cluster.url });
            await loader.connect();
            await loader.query(dump);
            await loader.end();
            const reader = new pg.Client({ connectionString: cluster.url });
            await reader.connect();
            return {
              env: { DATABASE_URL: cluster.url },
              query: (text: string) => reader.query(text),
              close: () => reader.end(),
              remove: () => cluster.stop(),
            };
          },
        },
      ]
    : []),
];

const dump = await readFile(path.join(import.meta.dirname, "fixtures/store-0009.sql"), "utf8");
const globalForDb = globalThis as { __dashboardDb?: Promise<DashboardDatabase> };

describe.each(engines)("a store of the previous release, opened by this build on $name", ({ load }) => {
  let old: Awaited<ReturnType<Engine["load"]>>;
  let before: Map<string, Record<string, unknown>[]>;
  beforeAll(async () => {
    old = await load(dump);
    expect(await level(old.query)).toBe(hashOf(FIXTURE_LEVEL));
    before = await everyRow(old.query);
    await old.close(); // a PGlite folder belongs to one process at a time
    delete process.env.DATABASE_URL;
    delete process.env.DASHBOARD_DATA_DIR;
    Object.assign(process.env, old.env);
    globalForDb.__dashboardDb = undefined;
    // The server's own path: the first use of the store opens and migrates it.
    await (await import("@/lib/db")).dashboardDatabase();
  });
  afterAll(async () => {
    await (await globalForDb.__dashboardDb)?.close();
    globalForDb.__dashboardDb = undefined;
    await old?.remove();
  });
  const now = async () => {
    const { db } = await (await import("@/lib/db")).dashboardDatabase();
    return (text: string) => db.execute(sql.raw(text)) as unknown as Promise<{ rows: unknown[] }>;
  };

  it("is migrated to this build's level and keeps every row of every table", async () => {
    const query = await now();
    expect(await level(query)).toBe(knownLevels(DASHBOARD_MIGRATIONS).at(-1)!.hash);
    expect(before.get("users")).toHaveLength(4);
    expect(before.get("audit_log")).toHaveLength(4);
    const after = await everyRow(query);
    for (const [table, rows] of before) {
      // Columns added since the fixture was made are left aside; every value it had is the same.
      const projected = (after.get(table) ?? []).map((row) =>
        Object.fromEntries(Object.keys(rows[0] ?? row).map((key) => [key, row[key]])),
      );
      expect(projected, table).toEqual(rows);
    }
  });

  it("lets a person sign in with the password they had, and refuses a wrong one or a disabled account", async () => {
    const { checkPassword } = await import("@/lib/auth/sign-in");
    expect(await checkPassword("head@alnoor.example", "upgrade-admin-password", "127.0.0.1")).toEqual({
      ok: true,
      user: { id: "usr_admin", email: "head@alnoor.example", name: "Head Teacher" },
    });
    expect(await checkPassword("sheikh@alnoor.example", "upgrade-admin-password", "127.0.0.1")).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await checkPassword("gone@alnoor.example", "upgrade-gone-password", "127.0.0.1")).toEqual({
      ok: false,
      reason: "disabled",
    });
  });

  it("reads the audit log through its page query, with names and reasons", async () => {
    const { auditPage } = await import("@/lib/features/admin/audit");
    const { rows } = await auditPage("alnoor");
    expect(rows.map((row) => [row.id, row.who, row.result])).toEqual([
      ["aud_4", "Head Teacher", "failed"],
      ["aud_3", "Parent", "denied"],
      ["aud_2", "الشيخ يوسف", "ok"],
      ["aud_1", "Head Teacher", "ok"],
    ]);
    expect(rows.find((row) => row.id === "aud_1")).toMatchObject({
      targetLabel: "الشيخ يوسف",
      email: "head@alnoor.example",
    });
    expect(rows.find((row) => row.id === "aud_3")?.reason).toBe("errors.forbidden");
    expect(rows.find((row) => row.id === "aud_2")).toMatchObject({
      saves: 3,
      changes: [{ kind: "mark", student: "stu_1", from: null, to: "present" }],
    });
  });
});

describe("a backup made at the previous release's level", () => {
  it("restores into a store of this build, every row of every table it holds", async () => {
    const { dataDir, reader } = await pgliteStoreOf(dump);
    const file = path.join(path.dirname(dataDir), "old.jsonl.gz");
    try {
      const header = await backupStore(
        {
          db: drizzle(reader, { schema }) as unknown as DashboardDatabase["db"],
          kind: "pglite",
          close: async () => undefined,
        },
        file,
        KEY,
      );
      expect(header.migration.tag).toBe(FIXTURE_LEVEL);
      const fresh = await openStoreAt("memory://");
      await restoreStore(fresh, file, { key: KEY });
      const query: Query = (text) => fresh.db.execute(sql.raw(text)) as unknown as Promise<{ rows: unknown[] }>;
      const [was, is] = [await everyRow((text) => reader.query(text)), await everyRow(query)];
      // Columns added since that release take their defaults; the ones the file holds come back as they were.
      const only = (rows: unknown[] | undefined, columns: string[]) =>
        rows?.map((row) =>
          Object.fromEntries(columns.map((column) => [column, (row as Record<string, unknown>)[column]])),
        );
      for (const { name, columns } of header.tables) expect(only(is.get(name), columns), name).toEqual(was.get(name));
      await fresh.close();
    } finally {
      await reader.close();
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
