import { jsonb, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Column helpers shared by the dashboard's tables, and the column set of a sync state row: one row
 * per connection holding the last complete cycle, the running (or interrupted) one, and a lease.
 * The plan sync (`plan_sync_state`) and the progress sync (`progress_sync_state`) each add their
 * own columns; the lease itself is lib/jobs/lease.ts.
 */
export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

/** Why the last attempt stopped: a refusal of the API (a bad key, a missing scope or feature, …), a key of another school, or a failure (codes of FAILURE_KINDS). */
export type SyncProblem = {
  code: string;
  message: string;
  /** `denied`: the key or the school refuses (not retried by the scheduler soon); `failed`: an interruption, resumed next run. */
  kind: "denied" | "failed";
  requiredScope?: string | null;
  feature?: string | null;
  at: string;
};

export type SyncMode = "full" | "incremental";

/** A new object each call: a table takes ownership of the columns it is given. */
export function syncStateColumns<Counts, Phase extends string>() {
  return {
    connectionId: text("connection_id").primaryKey(),
    /** The school (GET /school → id) whose records this connection's mirror holds. */
    tenantId: text("tenant_id"),
    /** `pagination.sync_watermark` of the first page of the last complete cycle: the next `updated_after`. */
    watermark: text("watermark"),
    lastCompletedAt: ts("last_completed_at"),
    lastMode: text("last_mode").$type<SyncMode>(),
    lastCounts: jsonb("last_counts").$type<Counts & { durationMs: number }>(),
    /** The running or interrupted cycle; null when none. */
    cycleId: text("cycle_id"),
    cycleMode: text("cycle_mode").$type<SyncMode>(),
    cycleStartedAt: ts("cycle_started_at"),
    /** `updated_after` of the running traversal: a cursor is bound to its filters, so a resume repeats it. */
    cycleUpdatedAfter: text("cycle_updated_after"),
    /** Watermark of the running traversal's first page. */
    cycleWatermark: text("cycle_watermark"),
    /** Cursor of the next page to fetch; null before the first page. */
    cycleCursor: text("cycle_cursor"),
    cyclePhase: text("cycle_phase").$type<Phase>(),
    cycleCounts: jsonb("cycle_counts").$type<Counts>(),
    /** Who holds the lease, until when: one running cycle per connection across instances. */
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: ts("lease_expires_at"),
    lastError: jsonb("last_error").$type<SyncProblem>(),
  };
}
