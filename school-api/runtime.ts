import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { databaseOptionsFromEnv, openDatabase, type Database } from "./db/client";
import { createRouter, type RequestInfo, type SchoolApiOptions } from "./router";
import { seedDemo } from "./seed/demo";

export type SchoolApi = {
  database: Database;
  handle: (request: Request, info?: RequestInfo) => Promise<Response>;
};

export function createSchoolApi(database: Database, options?: SchoolApiOptions): SchoolApi {
  // PGlite lives in this process, which therefore sees every write and request: list pages may be
  // cached and rate buckets kept here. PostgreSQL may serve several instances (docs/scaling.md).
  const shared = database.kind === "postgres";
  return { database, handle: createRouter(database.db, { readCache: !shared, sharedRateLimits: shared, ...options }) };
}

const globalForApi = globalThis as typeof globalThis & {
  __embeddedSchoolApi?: Promise<SchoolApi>;
  __embeddedSchoolDatabase?: Promise<Database>;
};

/**
 * The embedded API's database, opened (and the demo seeded when empty) once per process. Server
 * start-up warms this up (instrumentation.ts) without building the router there: the router and
 * the modules it keeps state in (read cache, key cache, trace) must be the route's own copies.
 */
export function embeddedSchoolDatabase(): Promise<Database> {
  globalForApi.__embeddedSchoolDatabase ??= (async () => {
    const database = await openDatabase(databaseOptionsFromEnv());
    if (process.env.SCHOOL_API_SEED !== "none") await seedDemo(database.db);
    await ensureAdminToken();
    return database;
  })().catch((error: unknown) => {
    globalForApi.__embeddedSchoolDatabase = undefined;
    throw error;
  });
  return globalForApi.__embeddedSchoolDatabase;
}

/** One embedded API per process (and across dev reloads): opens the database, seeds the demo when empty. */
export function embeddedSchoolApi(): Promise<SchoolApi> {
  globalForApi.__embeddedSchoolApi ??= embeddedSchoolDatabase()
    .then((database) => createSchoolApi(database))
    .catch((error: unknown) => {
      globalForApi.__embeddedSchoolApi = undefined;
      throw error;
    });
  return globalForApi.__embeddedSchoolApi;
}

/**
 * The school-admin surface (the school's own application, for demos and tests) needs a token.
 * Without SCHOOL_ADMIN_TOKEN one is made and left in .data/ for `npm run school-api`.
 */
async function ensureAdminToken(): Promise<void> {
  if (process.env.SCHOOL_ADMIN_TOKEN) return;
  const token = randomBytes(24).toString("base64url");
  const folder = path.join(process.cwd(), ".data");
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "school-admin-token"), token, { mode: 0o600 });
  process.env.SCHOOL_ADMIN_TOKEN = token;
}
