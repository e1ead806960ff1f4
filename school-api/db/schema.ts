import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { AssignmentSegment, RatingLevel, WorkloadTrack } from "@/lib/contract";

/**
 * Storage of the embedded School API. Every table but `schools` carries `school_id` and every
 * query filters on it: an id of another school is indistinguishable from a missing one.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });
const audit = {
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
};

export const schools = pgTable("schools", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  nameAr: text("name_ar"),
  timeZone: text("time_zone").notNull(),
  ratingScale: jsonb("rating_scale").$type<RatingLevel[]>().notNull(),
  // School policies (spec rules 8 and 9, errors part 7).
  suspended: boolean("suspended").notNull().default(false),
  writeRolloutEligible: boolean("write_rollout_eligible").notNull().default(true),
  writeAccessEnabled: boolean("write_access_enabled").notNull().default(true),
  /** Write scopes the school's current scope policy allows; null allows every write scope. */
  allowedWriteScopes: jsonb("allowed_write_scopes").$type<string[] | null>(),
  /** CIDR ranges allowed to call the API; null allows any network. */
  allowedNetworks: jsonb("allowed_networks").$type<string[] | null>(),
  learningPlansEnabled: boolean("learning_plans_enabled").notNull().default(true),
  // Learning plan configuration, school level.
  publicationPolicy: text("publication_policy").notNull().default("staff_review"),
  automationPaused: boolean("automation_paused").notNull().default(false),
  ...audit,
});

/** A required link to a row of another table, by its id. */
const ref = (name: string, target: () => AnyPgColumn) => text(name).notNull().references(target);
/** What every record of a school starts with: its id and the school it belongs to. */
const schoolRecord = () => ({ id: text("id").primaryKey(), schoolId: ref("school_id", () => schools.id) });

export const apiKeys = pgTable(
  "api_keys",
  {
    ...schoolRecord(),
    name: text("name").notNull(),
    /** SHA-256 of the whole key; the key itself is never stored. */
    keyHash: text("key_hash").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    expiresAt: ts("expires_at"),
    revokedAt: ts("revoked_at"),
    /** Requests per minute; null uses the server default. */
    rateLimitPerMinute: integer("rate_limit_per_minute"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_keys_hash").on(t.keyHash)],
);

export const semesters = pgTable(
  "semesters",
  {
    ...schoolRecord(),
    name: text("name").notNull(),
    status: text("status").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    ...audit,
  },
  (t) => [index("semesters_school").on(t.schoolId, t.id)],
);

export const halqas = pgTable(
  "halqas",
  {
    ...schoolRecord(),
    lineageId: text("lineage_id").notNull(),
    semesterId: ref("semester_id", () => semesters.id),
    name: text("name").notNull(),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    // Learning plan configuration, halqa level; null inherits the school's.
    publicationPolicy: text("publication_policy"),
    automationPaused: boolean("automation_paused"),
    ...audit,
  },
  (t) => [index("halqas_school").on(t.schoolId, t.id), index("halqas_lineage").on(t.schoolId, t.lineageId)],
);

export const sheikhs = pgTable(
  "sheikhs",
  {
    ...schoolRecord(),
    name: text("name").notNull(),
    /** Only `active` sheikhs are eligible and visible through v1. */
    status: text("status").notNull().default("active"),
    ...audit,
  },
  (t) => [index("sheikhs_school").on(t.schoolId, t.id)],
);

/** Which sheikh may teach which halqa. */
export const halqaSheikhs = pgTable(
  "halqa_sheikhs",
  {
    schoolId: ref("school_id", () => schools.id),
    halqaId: ref("halqa_id", () => halqas.id),
    sheikhId: ref("sheikh_id", () => sheikhs.id),
  },
  (t) => [primaryKey({ columns: [t.halqaId, t.sheikhId] }), index("halqa_sheikhs_sheikh").on(t.sheikhId)],
);

export const students = pgTable(
  "students",
  {
    ...schoolRecord(),
    lineageId: text("lineage_id").notNull(),
    semesterId: ref("semester_id", () => semesters.id),
    halqaId: ref("halqa_id", () => halqas.id),
    fullName: text("full_name").notNull(),
    preferredName: text("preferred_name"),
    status: text("status").notNull().default("active"),
    enrolledOn: date("enrolled_on", { mode: "string" }),
    // Sensitive and private fields: stored by the school, never returned by v1.
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    guardianPhone: text("guardian_phone"),
    privateNotes: text("private_notes"),
    // Learning plan configuration, learner level; null inherits the halqa's.
    publicationPolicy: text("publication_policy"),
    automationPaused: boolean("automation_paused"),
    ...audit,
  },
  (t) => [
    index("students_school").on(t.schoolId, t.id),
    index("students_halqa").on(t.halqaId),
    index("students_lineage").on(t.schoolId, t.lineageId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    ...schoolRecord(),
    halqaId: ref("halqa_id", () => halqas.id),
    sheikhId: ref("sheikh_id", () => sheikhs.id),
    semesterId: ref("semester_id", () => semesters.id),
    status: text("status").notNull().default("open"),
    date: date("date", { mode: "string" }).notNull(),
    startsAt: ts("starts_at").notNull(),
    endedAt: ts("ended_at"),
    topic: text("topic"),
    ...audit,
  },
  (t) => [index("sessions_school").on(t.schoolId, t.id), index("sessions_halqa").on(t.halqaId, t.date)],
);

export const attendance = pgTable(
  "attendance",
  {
    ...schoolRecord(),
    sessionId: ref("session_id", () => sessions.id),
    studentId: ref("student_id", () => students.id),
    status: text("status").notNull(),
    lateMinutes: integer("late_minutes"),
    note: text("note"),
    ...audit,
  },
  (t) => [
    uniqueIndex("attendance_one_per_student").on(t.sessionId, t.studentId),
    index("attendance_student").on(t.studentId),
  ],
);

export const recitations = pgTable(
  "recitations",
  {
    ...schoolRecord(),
    sessionId: ref("session_id", () => sessions.id),
    studentId: ref("student_id", () => students.id),
    kind: text("kind").notNull(),
    startSurah: integer("start_surah").notNull(),
    startAyah: integer("start_ayah").notNull(),
    endSurah: integer("end_surah").notNull(),
    endAyah: integer("end_ayah").notNull(),
    rating: integer("rating").notNull(),
    mistakes: integer("mistakes"),
    note: text("note"),
    /** A teacher's private remark: stored, never returned by v1. */
    privateNote: text("private_note"),
    recordedAt: ts("recorded_at").notNull(),
    ...audit,
  },
  (t) => [index("recitations_session").on(t.sessionId), index("recitations_student").on(t.studentId, t.id)],
);

/** Replays of create requests that carried an `Idempotency-Key`, per school and key. */
export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    schoolId: ref("school_id", () => schools.id),
    idempotencyKey: text("idempotency_key").notNull(),
    operation: text("operation").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: jsonb("response_body").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.idempotencyKey] })],
);

export const learningPlans = pgTable(
  "learning_plans",
  {
    ...schoolRecord(),
    studentId: ref("student_id", () => students.id),
    semesterId: text("semester_id").references(() => semesters.id),
    name: text("name").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    targetCompletionDate: date("target_completion_date", { mode: "string" }).notNull(),
    direction: text("direction").notNull(),
    startSurah: integer("start_surah").notNull(),
    startAyah: integer("start_ayah").notNull(),
    destinationSurah: integer("destination_surah").notNull(),
    destinationAyah: integer("destination_ayah").notNull(),
    status: text("status").notNull(),
    workloadDatasetId: text("workload_dataset_id").notNull(),
    tracks: jsonb("tracks").$type<WorkloadTrack[]>().notNull(),
    ...audit,
  },
  (t) => [
    index("plans_school").on(t.schoolId, t.id),
    index("plans_student").on(t.studentId),
    index("plans_updated").on(t.schoolId, t.updatedAt),
  ],
);

export const assignments = pgTable(
  "assignments",
  {
    ...schoolRecord(),
    planId: ref("plan_id", () => learningPlans.id),
    studentId: ref("student_id", () => students.id),
    /** Position in the plan's history; the history is listed in this order. */
    sequence: integer("sequence").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    status: text("status").notNull(),
    source: text("source").notNull(),
    explanation: text("explanation"),
    /** Private staff note: stored, never returned by v1. */
    staffNote: text("staff_note"),
    publishedAt: ts("published_at"),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
    supersededAt: ts("superseded_at"),
    replacedByAssignmentId: text("replaced_by_assignment_id"),
    segments: jsonb("segments").$type<AssignmentSegment[]>().notNull(),
    ...audit,
  },
  (t) => [
    uniqueIndex("assignments_plan_sequence").on(t.planId, t.sequence),
    index("assignments_school").on(t.schoolId, t.id),
  ],
);

/**
 * Each key's token bucket when the API runs on PostgreSQL, shared by every instance
 * (school-api/shared-rate-limit.ts). Not tenant data: one row per key, rewritten per request.
 * UNLOGGED (in the migration): every request of a key updates its row, and a logged table would make
 * each wait for a disk flush while holding the row; after a crash the buckets start full again.
 */
export const rateBuckets = pgTable("rate_buckets", {
  keyId: text("key_id").primaryKey(),
  tokens: doublePrecision("tokens").notNull(),
  /** When `tokens` was computed, in ms since the epoch (the instance's clock). */
  atMs: bigint("at_ms", { mode: "number" }).notNull(),
  /** Whether the request that wrote this row was let through. */
  granted: boolean("granted").notNull(),
});
