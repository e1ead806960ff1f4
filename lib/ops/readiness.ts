import "server-only";
import { sql } from "drizzle-orm";
import { isEmbeddedMode, loadConnections } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { planSyncState } from "@/lib/db/schema-plans";
import { progressSyncState } from "@/lib/db/schema-progress";
import { errorSummary } from "@/lib/security/log-safe";
import { logger } from "./log";
import { lastSchoolAnswer } from "./metrics";

/** `starting`: still opening (a fresh PGlite store takes seconds to open and migrate). */
type Store = "ok" | "starting" | "unavailable";
/** A balancer's health check waits a few seconds at most: a store not open by then is not ready yet. */
const PROBE_MS = 2_000;
export type Readiness = {
  ready: boolean;
  stores: { dashboard: Store; schoolApi?: Store };
  /** Per school: when it last answered this instance, and when a sync cycle last completed (any instance). No key, no URL. */
  connections: {
    id: string;
    lastAnsweredAt: string | null;
    plansSyncedAt: string | null;
    progressSyncedAt: string | null;
  }[];
};

/**
 * `/api/ready`: whether this instance can serve — its stores open, migrated (opening migrates) and
 * answering. A school that does not answer does not make the instance unready: every instance
 * would be taken out together, and the pages say what is wrong with the school themselves.
 */
export async function readiness(): Promise<Readiness> {
  const [dashboard, schoolApi] = await Promise.all([
    probe("dashboard", dashboardProbe),
    isEmbeddedMode() ? probe("school API", schoolApiProbe) : undefined,
  ]);
  const synced =
    dashboard === "ok"
      ? await lastSyncs().catch(() => new Map<string, { plans: Date | null; progress: Date | null }>())
      : new Map();
  const connections = loadConnections().map(({ id }) => ({
    id,
    lastAnsweredAt: lastSchoolAnswer(id)?.toISOString() ?? null,
    plansSyncedAt: synced.get(id)?.plans?.toISOString() ?? null,
    progressSyncedAt: synced.get(id)?.progress?.toISOString() ?? null,
  }));
  return {
    ready: dashboard === "ok" && (schoolApi === undefined || schoolApi === "ok"),
    stores: { dashboard, ...(schoolApi ? { schoolApi } : {}) },
    connections,
  };
}

async function probe(name: string, check: () => Promise<unknown>): Promise<Store> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"starting">((resolve) => (timer = setTimeout(() => resolve("starting"), PROBE_MS)));
  try {
    return await Promise.race([check().then(() => "ok" as const), late]);
  } catch (error) {
    logger().warn({ kind: "readiness", store: name, error: errorSummary(error) }, "a store is not ready");
    return "unavailable";
  } finally {
    clearTimeout(timer);
  }
}

async function dashboardProbe(): Promise<void> {
  await (await dashboardDb()).execute(sql`select 1`);
}

async function schoolApiProbe(): Promise<void> {
  const { embeddedSchoolDatabase } = await import("@/school-api");
  await (await embeddedSchoolDatabase()).db.execute(sql`select 1`);
}

async function lastSyncs(): Promise<Map<string, { plans: Date | null; progress: Date | null }>> {
  const db = await dashboardDb();
  const [plans, progress] = await Promise.all([
    db.select({ id: planSyncState.connectionId, at: planSyncState.lastCompletedAt }).from(planSyncState),
    db.select({ id: progressSyncState.connectionId, at: progressSyncState.lastCompletedAt }).from(progressSyncState),
  ]);
  const byId = new Map<string, { plans: Date | null; progress: Date | null }>();
  for (const row of plans) byId.set(row.id, { plans: row.at, progress: null });
  for (const row of progress) byId.set(row.id, { plans: byId.get(row.id)?.plans ?? null, progress: row.at });
  return byId;
}
