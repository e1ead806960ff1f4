import "server-only";
import type { DashboardDb, DashboardExecutor, DashboardTx } from "@/lib/db/client";

/** The dashboard store, or a transaction of it: every plans query takes one, so tests pass their own. */
export type PlansDb = DashboardDb;
export type PlansTx = DashboardTx;
export type PlansExecutor = DashboardExecutor;

/** The process's dashboard store, loaded lazily so that modules taking a `db` never open it themselves. */
export async function defaultPlansDb(): Promise<PlansDb> {
  const { dashboardDb } = await import("@/lib/db");
  return dashboardDb();
}
