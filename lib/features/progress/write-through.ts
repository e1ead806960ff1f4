import "server-only";
import { eq } from "drizzle-orm";
import { progressSyncState } from "@/lib/db/schema-progress";
import { dashboardDb } from "@/lib/db";
import { recordsChanged } from "@/lib/db/changes";
import type { DashboardDb } from "@/lib/db/client";
import { failureOf, type V1Client } from "@/lib/v1";
import { upsertProgress, type ProgressRecords } from "./store-writes";
import { logger } from "@/lib/ops/log";

/**
 * The dashboard's own writes, into the progress read model, once the school's API accepted them
 * (its answers are the records: attendance rows of a PUT, the created recitation, the session).
 * Never fails the write it follows: the API has the record, and the next sync cycle reads open and
 * recent sessions again, so a read model that could not be written catches up there (one log line).
 * A connection whose synced records belong to another school than the key's is left alone.
 */
export async function writeThrough(
  connectionId: string,
  client: Pick<V1Client, "tenant">,
  records: Omit<ProgressRecords, "childrenReadAt">,
  db?: DashboardDb,
): Promise<boolean> {
  try {
    const store = db ?? (await dashboardDb());
    const [school, [state]] = await Promise.all([
      client.tenant(),
      store
        .select({ tenantId: progressSyncState.tenantId })
        .from(progressSyncState)
        .where(eq(progressSyncState.connectionId, connectionId))
        .limit(1),
    ]);
    if (state?.tenantId && state.tenantId !== school.id) return false;
    await store.transaction((tx) => upsertProgress(tx, { connectionId, tenantId: school.id }, records));
    recordsChanged(connectionId);
    return true;
  } catch (error) {
    logger().warn(
      {
        kind: "progress",
        connectionId,
        code: failureOf(error)?.code ?? (error instanceof Error ? error.name : "error"),
      },
      "a write was not copied into the read model; the next sync cycle reads it",
    );
    return false;
  }
}
