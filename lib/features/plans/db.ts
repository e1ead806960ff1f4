import "server-only";
import type { DashboardDb } from "@/lib/db/client";

/** The dashboard store, or a transaction of it: every plans query takes one, so tests pass their own. */
export type PlansDb = DashboardDb;
export type PlansTx = Parameters<Parameters<DashboardDb["transaction"]>[0]>[0];
export type PlansExecutor = PlansDb | PlansTx;

/** The process's dashboard store, loaded lazily so that modules taking a `db` never open it themselves. */
export async function defaultPlansDb(): Promise<PlansDb> {
  const { dashboardDb } = await import("@/lib/db");
  return dashboardDb();
}
