import "server-only";
import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DashboardDb, DashboardExecutor } from "@/lib/db/client";
import { leaseLost } from "@/lib/v1";

/**
 * The lease of a sync state row (lib/db/sync-state.ts): one running cycle per connection across
 * instances. A run takes the lease when nobody holds it or it has expired, and every write of its
 * cycle state is made only while it still owns it; a run whose lease another took over stops.
 * Shared by the plan sync and the progress sync.
 */

/** A table built on `syncStateColumns()`. */
export type LeaseTable = PgTable & { connectionId: AnyPgColumn; leaseOwner: AnyPgColumn; leaseExpiresAt: AnyPgColumn };

/** The lease's new expiry: `leaseMs` from the database's now. */
export const leaseUntil = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/** The lease fields of a released lease. */
export const RELEASED = { leaseOwner: null, leaseExpiresAt: null } as const;

/** The sync state row when this run got the lease (created on first use), or null when another run holds it. */
export async function acquireLease<T extends LeaseTable>(
  db: DashboardDb,
  table: T,
  connectionId: string,
  owner: string,
  leaseMs: number,
): Promise<T["$inferSelect"] | null> {
  const expires = leaseUntil(leaseMs);
  const [row] = await db
    .insert(table)
    .values({ connectionId, leaseOwner: owner, leaseExpiresAt: expires } as T["$inferInsert"])
    .onConflictDoUpdate({
      target: table.connectionId,
      set: { leaseOwner: owner, leaseExpiresAt: expires } as PgUpdateSetSource<T>,
      setWhere: or(isNull(table.leaseOwner), isNull(table.leaseExpiresAt), lt(table.leaseExpiresAt, sql`now()`)),
    })
    .returning();
  return (row as T["$inferSelect"] | undefined) ?? null;
}

/**
 * Renews a held lease every quarter of its length until stopped, so that a lease can be short (a
 * holder killed with `kill -9` is taken over within one lease) however long the run is. A renewal
 * that finds the lease gone stops renewing; the run learns it at its next owned write.
 */
export function keepLease(
  db: DashboardDb,
  table: LeaseTable,
  connectionId: string,
  owner: string,
  leaseMs: number,
): { stop: () => void } {
  const timer = setInterval(() => {
    writeOwned(db, table, connectionId, owner, { leaseExpiresAt: leaseUntil(leaseMs) }).catch(() =>
      clearInterval(timer),
    );
  }, leaseMs / 4);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The connection's row, while `owner` holds its lease. */
function ownLease(table: LeaseTable, connectionId: string, owner: string): SQL | undefined {
  return and(eq(table.connectionId, connectionId), eq(table.leaseOwner, owner));
}

/** Writes the run's cycle state, only while it holds the lease; throws `leaseLost()` when it lost it (read with `isLeaseLost`). */
export async function writeOwned<T extends LeaseTable>(
  db: DashboardExecutor,
  table: T,
  connectionId: string,
  owner: string,
  set: PgUpdateSetSource<T>,
): Promise<void> {
  const [ok] = await db
    .update(table)
    .set(set)
    .where(ownLease(table, connectionId, owner))
    .returning({ id: table.connectionId });
  if (!ok) throw leaseLost();
}

/** As `writeOwned`, for the run's last words (why it stopped): nothing is written when the lease is gone, and nothing is thrown. */
export async function writeIfOwned<T extends LeaseTable>(
  db: DashboardExecutor,
  table: T,
  connectionId: string,
  owner: string,
  set: PgUpdateSetSource<T>,
): Promise<void> {
  await db
    .update(table)
    .set(set)
    .where(ownLease(table, connectionId, owner));
}

/** The cycle fields of a state row without a running or interrupted cycle. */
export const NO_CYCLE = {
  cycleId: null,
  cycleMode: null,
  cycleStartedAt: null,
  cycleUpdatedAfter: null,
  cycleWatermark: null,
  cycleCursor: null,
  cyclePhase: null,
  cycleCounts: null,
} as const;
