import "server-only";
import path from "node:path";
import { openPg, type Opened, type PgOptions } from "@/lib/pg/open";
import * as schema from "./schema";

export type Database = Opened<typeof schema>;
export type Db = Database["db"];
export type DatabaseOptions = PgOptions;

const migrationsFolder = path.join(process.cwd(), "school-api/db/migrations");

/**
 * The embedded School API's own database; the same migrations serve PGlite and PostgreSQL. PGlite
 * runs in a worker thread of its own (lib/pg/pglite-thread.ts): the API's writes (a register saves
 * every few taps) then cost the server's main thread no PostgreSQL time.
 */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return openPg(
    { poolSize: Number(process.env.SCHOOL_API_DB_POOL ?? 10), thread: true, ...options },
    schema,
    migrationsFolder,
  );
}

/** Options from the environment: `SCHOOL_API_DATABASE_URL`, else PGlite under `SCHOOL_API_DATA_DIR`. */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  if (env.SCHOOL_API_DATABASE_URL) return { url: env.SCHOOL_API_DATABASE_URL };
  return { dataDir: env.SCHOOL_API_DATA_DIR ?? path.join(process.cwd(), ".data/school-api") };
}
