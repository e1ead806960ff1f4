import type { Locale } from "../i18n/locales";
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, integer } from "drizzle-orm/pg-core";

/**
 * The dashboard's own small store: people, their roles and links into one school, the school
 * connections (never their keys), and the audit log. School data itself stays in the school's API.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

export const ROLES = ["admin", "teacher", "parent"] as const;
export type Role = (typeof ROLES)[number];
// A person's language: the product's (a text column, so a new language needs no migration).
export { LOCALES, type Locale } from "../i18n/locales";

/** A school this dashboard serves. The key lives in the server's environment or secrets file, by `id`. */
export const connections = pgTable("connections", {
  id: text("id").primaryKey(),
  label: text("label").notNull(),
  /** Tenant id confirmed by GET /school the last time the connection was checked. */
  tenantId: text("tenant_id"),
  checkedAt: ts("checked_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id")
      .notNull()
      .references(() => connections.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").$type<Role>().notNull(),
    /** scrypt hash; null for people who sign in with OIDC only. */
    passwordHash: text("password_hash"),
    locale: text("locale").$type<Locale>().notNull().default("en"),
    /**
     * When the person's language was settled: by their own choice, or at their first sign-in from
     * what their browser asks for. Null: never, so the next sign-in takes the browser's (the
     * language an admin chose for them is kept only when the browser asks for none of ours).
     */
    localeSetAt: ts("locale_set_at"),
    disabledAt: ts("disabled_at"),
    /** In every session token; raised on sign-out, disabling and a role change to end every session at once. */
    sessionVersion: integer("session_version").notNull().default(1),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email").on(t.email)],
);

/**
 * What a person is linked to in the school's API, by ids taken from its responses: a teacher to a
 * sheikh id, a parent to student lineage ids (student records are per semester).
 */
export const userLinks = pgTable(
  "user_links",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").$type<"sheikh" | "student_lineage">().notNull(),
    refId: text("ref_id").notNull(),
    /** The name shown when the link was made, for lists; the API stays the source of truth. */
    label: text("label").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.refId] })],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    userId: text("user_id"),
    userEmail: text("user_email"),
    at: ts("at").notNull().defaultNow(),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    result: text("result").$type<"ok" | "denied" | "failed">().notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    /** The client's address (lib/security/client-address.ts); null outside a request. */
    clientAddress: text("client_address"),
  },
  (t) => [index("audit_connection_at").on(t.connectionId, t.at)],
);

/**
 * Sign-in throttling (lib/auth/throttle.ts) per (account, address) pair, in the store so that every
 * instance agrees. `failures` counts attempts not yet followed by a success; `succeededAt` marks an
 * address this account has signed in from, which the per-address limit lets through.
 */
export const signInPairs = pgTable(
  "sign_in_pairs",
  {
    email: text("email").notNull(),
    address: text("address").notNull(),
    failures: integer("failures").notNull(),
    lastFailureAt: ts("last_failure_at").notNull(),
    succeededAt: ts("succeeded_at"),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] }), index("sign_in_pairs_address").on(t.address, t.lastFailureAt)],
);

/**
 * The live register's late-batch guard when the store is PostgreSQL and several instances share it
 * (lib/features/live/server/shared-version-guard.ts): the highest version written per (school, session,
 * person, device, student), under one key. Rows older than a day are pruned. UNLOGGED (in the
 * migration; drizzle cannot say it): no WAL, so no disk flush per write; a crash of PostgreSQL
 * empties it, which forgets no more than a restart forgets of the in-process guard.
 */
export const liveMarkVersions = pgTable(
  "live_mark_versions",
  {
    key: text("key").primaryKey(),
    version: bigint("version", { mode: "number" }).notNull(),
    writtenAt: ts("written_at").notNull(),
  },
  (t) => [index("live_mark_versions_written").on(t.writtenAt)],
);

export * from "./schema-plans";
export * from "./schema-progress";
export * from "./schema-notices";
export * from "./schema-excuses";
export * from "./schema-languages";
export * from "./schema-notebook";
export * from "./schema-timetable";
export * from "./schema-report-cards";
