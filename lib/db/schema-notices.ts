import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./sync-state";

/**
 * Messages to families (issue 24, lib/features/notices): the outbox, each school's settings, each
 * parent's choices, which registers were looked at, and the job's lease. Only the dashboard has
 * these: they are backed up, never rebuilt from the school's API.
 */
export const NOTICE_KINDS = ["absence", "weekly"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
/**
 * Messages to staff (issue 25): a teacher's missing-register reminder and the admins' end-of-day
 * summary. Not a parent's choice (never on the family page); admins turn them on or off together.
 */
export const STAFF_NOTICE_KINDS = ["missing_register", "missing_summary"] as const;
export type StaffNoticeKind = (typeof STAFF_NOTICE_KINDS)[number];
export type OutboxKind = NoticeKind | StaffNoticeKind;
export const isStaffKind = (kind: string): kind is StaffNoticeKind =>
  (STAFF_NOTICE_KINDS as readonly string[]).includes(kind);
/** held: composed and kept, no mail server configured; sending: handed to the SMTP server, answer not yet recorded. */
export const NOTICE_STATUSES = ["held", "pending", "sending", "sent", "failed"] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** Every message is a row before it is sent; `idempotency_key` is unique per notice, so a second enqueue is a no-op. */
export const noticeOutbox = pgTable(
  "notice_outbox",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    tenantId: text("tenant_id").notNull(),
    kind: text("kind").$type<OutboxKind>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    recipientUserId: text("recipient_user_id").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    locale: text("locale").notNull(),
    /** The child (student lineage) the notice is about: checked against the parent's links again when it is sent. Empty for messages to staff. */
    lineageId: text("lineage_id").notNull(),
    /** The record the notice is about: `attendance:<row id>`, `week:<lineage id>:<monday>`. */
    subjectRef: text("subject_ref").notNull(),
    /** The school day the notice is about (YYYY-MM-DD), for the admin's per-day counts. */
    day: text("day").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status").$type<NoticeStatus>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lastErrorCode: text("last_error_code"),
    claimedBy: text("claimed_by"),
    messageId: text("message_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    uniqueIndex("notice_outbox_idempotency").on(t.idempotencyKey),
    index("notice_outbox_due").on(t.connectionId, t.status, t.nextAttemptAt),
    index("notice_outbox_day").on(t.connectionId, t.day),
    // A parent's last message, on the admin's page of that parent.
    index("notice_outbox_recipient").on(t.recipientUserId, t.sentAt),
  ],
);

/** Per school: which kinds are on (both by default), and when the weekly summary goes out. */
export const noticeSettings = pgTable("notice_settings", {
  connectionId: text("connection_id").primaryKey(),
  absenceOn: boolean("absence_on").notNull().default(true),
  weeklyOn: boolean("weekly_on").notNull().default(true),
  /** Missing-register reminders to teachers and the admins' end-of-day summary (issue 25). */
  missingRegistersOn: boolean("missing_registers_on").notNull().default(true),
  /** 0 = Sunday … 6 = Saturday, school time. */
  weeklyDay: integer("weekly_day").notNull().default(4),
  weeklyTime: text("weekly_time").notNull().default("16:00"),
  /** From this time of the school's day the admins get the day's missing registers (DEFAULT_NOTICE_TIMES in lib/features/notices/times.ts). */
  missingSummaryTime: text("missing_summary_time").notNull().default("20:00"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

/** A parent's choice per kind; no row: on. One-click unsubscribe writes `enabled = false`. */
export const noticePreferences = pgTable(
  "notice_preferences",
  {
    userId: text("user_id").notNull(),
    kind: text("kind").$type<NoticeKind>().notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** The registers already looked at: a session is looked at again only when a row changed after `rowsThrough`. */
export const noticeRegisters = pgTable(
  "notice_registers",
  {
    connectionId: text("connection_id").notNull(),
    sessionId: text("session_id").notNull(),
    rowsThrough: ts("rows_through").notNull(),
    settledAt: ts("settled_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.sessionId] })],
);

/** One row per connection: the job's lease (lib/jobs/lease.ts) and when notices started for it. */
export const noticeJobState = pgTable("notice_job_state", {
  connectionId: text("connection_id").primaryKey(),
  leaseOwner: text("lease_owner"),
  leaseExpiresAt: ts("lease_expires_at"),
  /** Registers that settled before this moment are never announced (a new dashboard does not mail the past). */
  startedAt: ts("started_at").notNull().defaultNow(),
  lastRunAt: ts("last_run_at"),
  /** The last weekly summary week (its Monday) sent for this connection. */
  lastWeeklyWeek: text("last_weekly_week"),
});
