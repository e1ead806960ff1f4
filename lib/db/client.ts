import "server-only";
import path from "node:path";
import { openPg, sameDatabase, type Opened } from "@/lib/pg/open";
import * as schema from "./schema";

export type DashboardDatabase = Opened<typeof schema>;
export type DashboardDb = DashboardDatabase["db"];
export type DashboardTx = Parameters<Parameters<DashboardDb["transaction"]>[0]>[0];
/** The store or a transaction of it. */
export type DashboardExecutor = DashboardDb | DashboardTx;

export const DASHBOARD_MIGRATIONS = path.join(process.cwd(), "lib/db/migrations");

/** The dashboard's store: PostgreSQL when `DATABASE_URL` is set, else PGlite under `DASHBOARD_DATA_DIR`. */
export function openDashboardDatabase(
  env: Record<string, string | undefined> = process.env,
): Promise<DashboardDatabase> {
  if (env.DATABASE_URL && env.SCHOOL_API_DATABASE_URL && sameDatabase(env.DATABASE_URL, env.SCHOOL_API_DATABASE_URL)) {
    return Promise.reject(
      new Error(
        "DATABASE_URL and SCHOOL_API_DATABASE_URL name the same database: give each store its own database (one PostgreSQL server may hold both)",
      ),
    );
  }
  if (env.DATABASE_URL)
    return openPg({ url: env.DATABASE_URL, poolSize: Number(env.DATABASE_POOL ?? 10) }, schema, DASHBOARD_MIGRATIONS);
  return openPg({ dataDir: dashboardDataDir(env) }, schema, DASHBOARD_MIGRATIONS);
}

/** The PGlite folder of the store when `DATABASE_URL` is not set. */
export function dashboardDataDir(env: Record<string, string | undefined> = process.env): string {
  return env.DASHBOARD_DATA_DIR ?? path.join(process.cwd(), ".data/dashboard");
}
