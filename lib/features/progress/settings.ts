import "server-only";
import { eq, sql } from "drizzle-orm";
import { progressSettings } from "@/lib/db/schema-progress";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import { DEFAULT_NOT_HEARD_DAYS } from "./attention";

/** Per-school settings of the progress views, in the dashboard store by connection; defaults until an admin saves. */
export type ProgressSettings = { notHeardDays: number };

export const NOT_HEARD_DAYS_RANGE = { min: 1, max: 60 } as const;

export async function getProgressSettings(connectionId: string, db?: DashboardDb): Promise<ProgressSettings> {
  const store = db ?? (await dashboardDb());
  const [row] = await store
    .select({ notHeardDays: progressSettings.notHeardDays })
    .from(progressSettings)
    .where(eq(progressSettings.connectionId, connectionId))
    .limit(1);
  return { notHeardDays: row?.notHeardDays ?? DEFAULT_NOT_HEARD_DAYS };
}

export async function saveProgressSettings(
  connectionId: string,
  settings: ProgressSettings,
  userId: string,
  db?: DashboardDb,
): Promise<void> {
  const store = db ?? (await dashboardDb());
  await store
    .insert(progressSettings)
    .values({ connectionId, notHeardDays: settings.notHeardDays, updatedBy: userId })
    .onConflictDoUpdate({
      target: progressSettings.connectionId,
      set: { notHeardDays: settings.notHeardDays, updatedBy: userId, updatedAt: sql`now()` },
    });
}
