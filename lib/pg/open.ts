import "server-only";
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";

export type PgOptions = {
  /** A `postgres://` URL: real PostgreSQL. Otherwise PGlite. */
  url?: string;
  /** PGlite data folder, or `memory://` for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
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
 * Opens PostgreSQL (when a URL is given) or embedded PGlite with one drizzle schema, and applies
 * the same migrations to either. Both stores of the project open through here.
 */
export async function openPg<TSchema extends Record<string, unknown>>(
  options: PgOptions,
  schema: TSchema,
  migrationsFolder: string,
): Promise<Opened<TSchema>> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Opened<TSchema>["db"], kind: "postgres", close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) await mkdir(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Opened<TSchema>["db"], kind: "pglite", close: () => client.close() };
}
