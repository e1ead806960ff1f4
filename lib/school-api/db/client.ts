import "server-only";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Database = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void> };

export type DatabaseOptions = {
  /** A `postgres://` URL: real PostgreSQL. Otherwise PGlite. */
  url?: string;
  /** PGlite data folder, or `memory://` for an in-memory database. */
  dataDir?: string;
};

const migrationsFolder = path.join(process.cwd(), "lib/school-api/db/migrations");

/** Opens the database and brings its schema up to date; the same migrations serve both engines. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: Number(process.env.SCHOOL_API_DB_POOL ?? 10) });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? "memory://";
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

/** Options from the environment: `SCHOOL_API_DATABASE_URL`, else PGlite under `SCHOOL_API_DATA_DIR`. */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  if (env.SCHOOL_API_DATABASE_URL) return { url: env.SCHOOL_API_DATABASE_URL };
  return { dataDir: env.SCHOOL_API_DATA_DIR ?? path.join(process.cwd(), ".data/school-api") };
}
