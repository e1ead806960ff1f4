import "server-only";
import { openDashboardDatabase, type DashboardDatabase } from "./client";

const globalForDb = globalThis as typeof globalThis & { __dashboardDb?: Promise<DashboardDatabase> };

/** The one dashboard store of this process (kept across dev reloads). */
export function dashboardDatabase(): Promise<DashboardDatabase> {
  globalForDb.__dashboardDb ??= openDashboardDatabase().catch((error: unknown) => {
    globalForDb.__dashboardDb = undefined;
    throw error;
  });
  return globalForDb.__dashboardDb;
}

export async function dashboardDb() {
  return (await dashboardDatabase()).db;
}
