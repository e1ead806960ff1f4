import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { Assignment, LearningPlan } from "@/lib/contract";
import { syncStateColumns, ts } from "./sync-state";

/**
 * The dashboard's mirror of each school's learning plans (issue 5), filled by the spec's
 * synchronization procedure (lib/features/plans/sync/). Everything is keyed by the dashboard's
 * connection id and carries the tenant id confirmed by GET /school: sync refuses to write into a
 * connection whose key now answers for another school, so the records of two schools never mix.
 * `data` is the record exactly as the API returned it; the other columns are copies for queries.
 */
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
export type { SyncProblem } from "./sync-state";

/** One row per connection: the last complete cycle, the running (or interrupted) one, and a lease. */
export const planSyncState = pgTable("plan_sync_state", {
  ...syncStateColumns<SyncCounts, "starting" | "plans" | "finishing">(),
  /** Plans already in the store when the cycle began (an estimate of a full cycle's size, for progress bars). */
  cycleExpectedPlans: integer("cycle_expected_plans"),
  cycleUpdatedAt: ts("cycle_updated_at"),
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
  (t) => [
    primaryKey({ columns: [t.connectionId, t.planId, t.at] }),
    index("plan_status_changes_at").on(t.connectionId, t.at),
  ],
);
