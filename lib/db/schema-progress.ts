import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { AttendanceRow, Recitation, Session, Student } from "@/lib/contract";
import { syncStateColumns, ts } from "./sync-state";

/**
 * The progress read model (issue 15): each school's sessions, attendance rows, recitations and
 * students, in the contract's own shapes (`data`, exactly as the API returned it; the other
 * columns are copies for queries). Filled by the progress sync (lib/features/progress/sync.ts) and
 * by the dashboard's own writes once the API accepted them. Keyed by connection, carrying the tenant
 * confirmed by GET /school, like the plan mirror (schema-plans.ts). docs/progress.md says how fresh it is.
 */
export const progressSessions = pgTable(
  "progress_sessions",
  {
    connectionId: text("connection_id").notNull(),
    id: text("id").notNull(),
    tenantId: text("tenant_id").notNull(),
    halqaId: text("halqa_id").notNull(),
    /** The school date (YYYY-MM-DD). */
    date: text("date").notNull(),
    status: text("status").notNull(),
    updatedAt: ts("updated_at").notNull(),
    data: jsonb("data").$type<Session>().notNull(),
    syncedAt: ts("synced_at").notNull(),
    /** When the sync last read this session's attendance and recitations; null: never (written through only). */
    childrenSyncedAt: ts("children_synced_at"),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.id] }),
    index("progress_sessions_halqa_date").on(t.connectionId, t.halqaId, t.date),
  ],
);

/** The columns of a student's record in a session (a mark, a recitation), keyed by connection and id. */
const sessionRecord = () => ({
  connectionId: text("connection_id").notNull(),
  id: text("id").notNull(),
  tenantId: text("tenant_id").notNull(),
  sessionId: text("session_id").notNull(),
  studentId: text("student_id").notNull(),
});

export const progressAttendance = pgTable(
  "progress_attendance",
  {
    ...sessionRecord(),
    updatedAt: ts("updated_at").notNull(),
    data: jsonb("data").$type<AttendanceRow>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.id] }),
    index("progress_attendance_session").on(t.connectionId, t.sessionId),
    index("progress_attendance_student").on(t.connectionId, t.studentId),
  ],
);

export const progressRecitations = pgTable(
  "progress_recitations",
  {
    ...sessionRecord(),
    recordedAt: ts("recorded_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    data: jsonb("data").$type<Recitation>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.id] }),
    index("progress_recitations_session").on(t.connectionId, t.sessionId),
    index("progress_recitations_student").on(t.connectionId, t.studentId, t.recordedAt),
  ],
);

/** Students (every semester's record), for "which halqa was this student expected at". */
export const progressStudents = pgTable(
  "progress_students",
  {
    connectionId: text("connection_id").notNull(),
    id: text("id").notNull(),
    tenantId: text("tenant_id").notNull(),
    halqaId: text("halqa_id").notNull(),
    lineageId: text("lineage_id").notNull(),
    updatedAt: ts("updated_at").notNull(),
    data: jsonb("data").$type<Student>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.id] }),
    index("progress_students_halqa").on(t.connectionId, t.halqaId),
    // A child's records by lineage (the family views, the weekly summaries of a whole school).
    index("progress_students_lineage").on(t.connectionId, t.lineageId),
  ],
);

export type ProgressCounts = {
  students: number;
  sessions: number;
  attendance: number;
  recitations: number;
  requests: number;
  pages: number;
};

/** One row per connection: the last complete cycle, the running (or interrupted) one, and a lease. */
export const progressSyncState = pgTable("progress_sync_state", {
  ...syncStateColumns<ProgressCounts, "students" | "sessions" | "recent">(),
  /** The last complete full pass (every session's attendance and recitations read again). */
  lastFullAt: ts("last_full_at"),
  /**
   * Where the sessions the store does not have yet begin: the last sessions traversal's filters
   * (`updated_after`, or null: none) and the cursor that fetched its last page (null: its first).
   * That query from that cursor lists every session created since (the API lists in creation order),
   * so the sessions list reads the store and only this tail from the API (docs/scale.md).
   */
  sessionsTailUpdatedAfter: text("sessions_tail_updated_after"),
  sessionsTailCursor: text("sessions_tail_cursor"),
  /** When that traversal reached its end; null: no traversal has yet (the store cannot serve the list). */
  sessionsTailAt: ts("sessions_tail_at"),
});

/** Per-school settings of the progress views, edited by admins. */
export const progressSettings = pgTable("progress_settings", {
  connectionId: text("connection_id").primaryKey(),
  /** "Not heard in N days": a student without a recitation for more than N days needs attention. */
  notHeardDays: integer("not_heard_days").notNull().default(7),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  updatedBy: text("updated_by"),
});
