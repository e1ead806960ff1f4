import "server-only";
import { setFlagsFromString } from "node:v8";
import { mkdir, readFile } from "node:fs/promises";
import { PGlite, types } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { errorSummary } from "@/lib/security/log-safe";
import { openPgliteThread } from "./pglite-thread";
import { prepareDataDir } from "./prepare-data-dir";
import { logger } from "@/lib/ops/log";

export type PgOptions = {
  /** A `postgres://` URL: real PostgreSQL. Otherwise PGlite. */
  url?: string;
  /** PGlite data folder, or `memory://` for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: run PostgreSQL in a worker thread of its own (lib/pg/pglite-thread.ts). */
  thread?: boolean;
};

export type Opened<TSchema extends Record<string, unknown>> = {
  db: PgDatabase<PgQueryResultHKT, TSchema>;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

/**
 * PGlite's PostgreSQL keeps PostgreSQL's default 128 MB of shared buffers inside the process's own
 * heap, for each of the two stores; its data folder is also read through the operating system's
 * cache, so a smaller pool costs little and saves about 100 MB a store (a large school's server
 * stayed above 900 MB with the default; `npm run bench -- pages`, docs/scale.md).
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/**
 * How far V8 lets the JavaScript heap grow past what survived the last full collection before it
 * collects again: 30 %. Left to itself, V8 picks up to 300 % in a process allowed a large heap (the
 * default on a machine with a few GB), and keeps what it grew to: a large school's server (about
 * 100 MB live) grew its heap to 300–480 MB during the first plan sync and its pages, and stayed
 * there (docs/scale.md, "Memory"). Next to two PGlite databases that never give memory back, that
 * growth was what kept the server above 600 MB. The setting is V8's own and read at each
 * collection, so it takes effect however the process was started (`npm start`, `next dev`, tests).
 */
const HEAP_GROWING_PERCENT = 30;

/**
 * A `bytea` parameter travels as binary (its raw bytes), as node-postgres sends a Buffer, instead
 * of PGlite's default hex text (twice the size, built a character at a time). The plan sync hands
 * the mirror each page of records as UTF-8 bytes this way (lib/features/plans/mirror/writes.ts).
 */
const binaryBytea = (value: unknown) => {
  if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
  return value as unknown as string;
};

/**
 * Opens PostgreSQL (when a URL is given) or embedded PGlite with one drizzle schema, and applies
 * the same migrations to either. Both stores of the project open through here.
 */
export async function openPg<TSchema extends Record<string, unknown>>(
  options: PgOptions,
  schema: TSchema,
  migrationsFolder: string,
): Promise<Opened<TSchema>> {
  if (options.url) {
    const pool = newPool(options.url, options.poolSize ?? 10);
    const db = drizzlePg(pool, { schema });
    await migrateAlone(pool, migrationsFolder);
    return { db: db as unknown as Opened<TSchema>["db"], kind: "postgres", close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) {
    await mkdir(dataDir, { recursive: true });
    await prepareDataDir(dataDir);
  }
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const settings = [`shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const client = options.thread
    ? await openPgliteThread(dataDir, settings)
    : new PGlite(dataDir, {
        startParams: [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ["-c", setting])],
        serializers: { [types.BYTEA]: binaryBytea },
        loadDataDir: dataDir.startsWith("memory://") ? await memoryTemplate(migrationsFolder) : undefined,
      });
  const db = drizzlePglite(client as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Opened<TSchema>["db"], kind: "pglite", close: () => client.close() };
}

/**
 * Test support: `PGLITE_MEMORY_TEMPLATES` maps a migrations folder to a file holding a PGlite data
 * folder (`dumpDataDir`) already migrated with it, and a new in-memory store of those migrations
 * starts from that copy instead of migrating from nothing (0.4 s instead of about 2 s; the unit
 * tests open some thirty). The migrator still runs after, and finds nothing to do. Set by
 * tests/setup/pglite-templates.ts; a store in a folder or on PostgreSQL never reads it.
 */
async function memoryTemplate(migrationsFolder: string): Promise<Blob | undefined> {
  const file = (JSON.parse(process.env.PGLITE_MEMORY_TEMPLATES ?? "{}") as Record<string, string>)[migrationsFolder];
  return file ? new Blob([await readFile(file)]) : undefined;
}

/** Held while migrating, so that instances starting together on one database migrate one at a time. */
const MIGRATION_LOCK = 7_214_032;

/**
 * drizzle's migrator reads the journal, then applies what is missing: two processes doing it at
 * once would both apply the same migration. A session advisory lock makes the second wait and then
 * find nothing to do.
 */
async function migrateAlone(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => (broken = true));
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A connection whose lock state is unknown is closed rather than reused.
    client.release(broken);
  }
}

/**
 * Whether two PostgreSQL URLs name the same database. The dashboard's store and the embedded API's
 * may share a server but not a database: both keep drizzle's migration journal in
 * `drizzle.__drizzle_migrations`, and each would take the other's migrations for its own.
 */
export function sameDatabase(a: string, b: string): boolean {
  const parse = (url: string) => {
    const parsed = new URL(url);
    const host = parsed.hostname === "localhost" ? "127.0.0.1" : parsed.hostname;
    return `${host}:${parsed.port || "5432"}/${decodeURIComponent(parsed.pathname.slice(1)) || decodeURIComponent(parsed.username) || "postgres"}`;
  };
  return parse(a) === parse(b);
}

/**
 * A pool that outlives PostgreSQL closing an idle connection (a restart, a failover, an
 * administrator): the pool drops it and opens another on the next query. Without a listener, that
 * `error` event would end the process.
 */
export function newPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", (error) =>
    logger().warn(
      { kind: "db", error: errorSummary(error) },
      "the server closed an idle connection; the next query opens another",
    ),
  );
  return pool;
}
