import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { Assignment, LearningPlan } from "@/lib/contract";

/**
 * The dashboard's mirror of each school's learning plans (issue 5), filled by the spec's
 * synchronization procedure (lib/features/plans/sync.ts). Everything is keyed by the dashboard's
 * connection id and carries the tenant id confirmed by GET /school: sync refuses to write into a
 * connection whose key now answers for another school, so the records of two schools never mix.
 * `data` is the record exactly as the API returned it; the other columns are copies for queries.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

export const syncedPlans = pgTable(
  "synced_plans",
  {
    connectionId: text("connection_id").notNull(),
    id: text("id").notNull(),
    tenantId: text("tenant_id").notNull(),
    studentId: text("student_id").notNull(),
    status: text("status").notNull(),
    /** The plan's `updated_at`: moves whenever its history or effective policy changes. */
    updatedAt: ts("updated_at").notNull(),
    data: jsonb("data").$type<LearningPlan>().notNull(),
    syncedAt: ts("synced_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.id] }),
    index("synced_plans_status").on(t.connectionId, t.status, t.id),
    index("synced_plans_student").on(t.connectionId, t.studentId, t.id),
  ],
);

/** Every assignment ever seen, superseded ones included: rows are upserted, never deleted. */
export const syncedAssignments = pgTable(
  "synced_assignments",
  {
    connectionId: text("connection_id").notNull(),
    id: text("id").notNull(),
    tenantId: text("tenant_id").notNull(),
    planId: text("plan_id").notNull(),
    studentId: text("student_id").notNull(),
    /** Index in the plan's history (0 first), as the API orders it; a replacement comes later. */
    position: integer("position").notNull(),
    status: text("status").notNull(),
    supersededAt: ts("superseded_at"),
    replacedByAssignmentId: text("replaced_by_assignment_id"),
    updatedAt: ts("updated_at").notNull(),
    data: jsonb("data").$type<Assignment>().notNull(),
    syncedAt: ts("synced_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.id] }),
    index("synced_assignments_plan").on(t.connectionId, t.planId, t.position),
    index("synced_assignments_student").on(t.connectionId, t.studentId),
  ],
);

export type SyncCounts = { plans: number; assignments: number; requests: number; pages: number };
/** Why the last attempt stopped: a refusal of the API (`invalid_api_key`, `insufficient_scope`, `feature_unavailable`, …), `tenant_mismatch`, or a failure. */
export type SyncProblem = {
  code: string;
  message: string;
  /** `denied`: the key or the school refuses (not retried by the scheduler soon); `failed`: an interruption, resumed next run. */
  kind: "denied" | "failed";
  requiredScope?: string | null;
  feature?: string | null;
  at: string;
};

/** One row per connection: the last complete cycle, the running (or interrupted) one, and a lease. */
export const planSyncState = pgTable("plan_sync_state", {
  connectionId: text("connection_id").primaryKey(),
  /** The school (GET /school → id) whose records this connection's mirror holds. */
  tenantId: text("tenant_id"),
  /** `pagination.sync_watermark` of the first plan page of the last complete cycle: the next `updated_after`. */
  watermark: text("watermark"),
  lastCompletedAt: ts("last_completed_at"),
  lastMode: text("last_mode").$type<"full" | "incremental">(),
  lastCounts: jsonb("last_counts").$type<SyncCounts & { durationMs: number }>(),
  /** The running or interrupted cycle; null when none. */
  cycleId: text("cycle_id"),
  cycleMode: text("cycle_mode").$type<"full" | "incremental">(),
  cycleStartedAt: ts("cycle_started_at"),
  /** `updated_after` of the running traversal: a cursor is bound to its filters, so a resume repeats it. */
  cycleUpdatedAfter: text("cycle_updated_after"),
  /** Watermark of the running traversal's first page. */
  cycleWatermark: text("cycle_watermark"),
  /** Cursor of the next plan page to fetch; null before the first page. */
  cycleCursor: text("cycle_cursor"),
  cyclePhase: text("cycle_phase").$type<"starting" | "plans" | "finishing">(),
  cycleCounts: jsonb("cycle_counts").$type<SyncCounts>(),
  /** Plans already in the store when the cycle began (an estimate of a full cycle's size, for progress bars). */
  cycleExpectedPlans: integer("cycle_expected_plans"),
  cycleUpdatedAt: ts("cycle_updated_at"),
  /** Who holds the lease, until when: one running cycle per connection across instances. */
  leaseOwner: text("lease_owner"),
  leaseExpiresAt: ts("lease_expires_at"),
  lastError: jsonb("last_error").$type<SyncProblem>(),
});

/**
 * Changes of a plan's state seen by the sync (the store keeps only each plan's current state, and
 * the API gives no time for a plan's state change): one row when an upsert replaces a stored plan
 * with a newer version in another state. `at` is the newer version's `updated_at`, the school's
 * time of its last change. Rows are never updated; a plan seen for the first time records nothing.
 */
export const planStatusChanges = pgTable(
  "plan_status_changes",
  {
    connectionId: text("connection_id").notNull(),
    tenantId: text("tenant_id").notNull(),
    planId: text("plan_id").notNull(),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    at: ts("at").notNull(),
    seenAt: ts("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.planId, t.at] }), index("plan_status_changes_at").on(t.connectionId, t.at)],
);
