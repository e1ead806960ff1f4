import "server-only";
import { lt, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { DashboardDb } from "@/lib/db/client";
import { newPool } from "@/lib/pg/open";
import { errorSummary } from "@/lib/security/log-safe";
import * as schema from "@/lib/db/schema";
import { liveMarkVersions } from "@/lib/db/schema";
import type { MarkGuard } from "./version-guard";
import { logger } from "@/lib/ops/log";

/** Rows older than this cannot matter: a batch given up on arrives late by seconds, not days. */
const KEEP_MS = 24 * 60 * 60_000;
const PRUNE_EVERY = 500;
/** Seeds the hash of the advisory lock's key, so it cannot meet another lock of this store by accident. */
const LOCK_SEED = 4_131_977;

/**
 * The late-batch guard of the live register in the dashboard's PostgreSQL, for several instances
 * (docs/scaling.md). A session's writes take its transaction-scoped advisory lock, so the check and
 * the PUT of one batch finish before the next batch of that session starts, on whichever instance
 * it arrives; the versions are upserted in the same transaction (`version <= new` only), so a late
 * older batch is dropped on every instance. A failed PUT rolls its versions back with the lock.
 */
export function sharedVersionGuard(db: DashboardDb, now: () => Date = () => new Date()): MarkGuard {
  let writes = 0;
  return {
    async exclusive(lockKey, task) {
      const result = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, ${LOCK_SEED}))`);
        return task(async (entries) => {
          if (entries.length === 0) return [];
          const at = now();
          const rows = await tx
            .insert(liveMarkVersions)
            .values(entries.map((entry) => ({ key: entry.key, version: entry.version, writtenAt: at })))
            .onConflictDoUpdate({
              target: liveMarkVersions.key,
              set: { version: sql`excluded.version`, writtenAt: sql`excluded.written_at` },
              setWhere: sql`${liveMarkVersions.version} <= excluded.version`,
            })
            .returning({ key: liveMarkVersions.key });
          const accepted = new Set(rows.map((row) => row.key));
          return entries.map((entry) => accepted.has(entry.key));
        });
      });
      if (++writes % PRUNE_EVERY === 0) {
        // The batch is saved whatever happens here: a failed prune is only logged, and tried again later.
        await db
          .delete(liveMarkVersions)
          .where(lt(liveMarkVersions.writtenAt, new Date(now().getTime() - KEEP_MS)))
          .catch((error: unknown) =>
            logger().warn({ kind: "live", error: errorSummary(error) }, "pruning old mark versions failed"),
          );
      }
      return result;
    },
  };
}

/**
 * The guard on a pool of its own (`LIVE_GUARD_POOL` connections, default 10): a write holds its
 * connection until the school has answered the PUT, and a slow school must not take the connections
 * every page needs from the store's own pool. More saves in flight than that wait for a connection.
 */
export function openSharedVersionGuard(url: string, poolSize: number): MarkGuard {
  return sharedVersionGuard(drizzle(newPool(url, poolSize), { schema }) as unknown as DashboardDb);
}
