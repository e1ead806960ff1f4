import { index, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./sync-state";

/**
 * Excuse requests (issue 24, point 6; lib/features/excuses): a parent says a child will miss the halqa
 * on a school date. Only the dashboard has these: backed up, never rebuilt from the school's API.
 * `reason` is the parent's own text: shown to the school's staff as text, never to another parent,
 * never logged.
 */
export const excuseRequests = pgTable(
  "excuse_requests",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    /** The school confirmed by GET /school when the request was made. */
    tenantId: text("tenant_id").notNull(),
    parentUserId: text("parent_user_id").notNull(),
    /** The child by lineage, as parents are linked. */
    lineageId: text("lineage_id").notNull(),
    /** The child's name when the parent asked, for the admins' list (no call to the school to read it). */
    childName: text("child_name").notNull(),
    /** The school date (YYYY-MM-DD, school time) the child will be absent. */
    day: text("day").notNull(),
    reason: text("reason").notNull(),
    /** The school date the request was made on: the per-parent daily limit counts these. */
    createdDay: text("created_day").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** First time a member of staff had it in front of them: the register of that day, or the admins' list. */
    seenAt: ts("seen_at"),
    seenBy: text("seen_by"),
  },
  (t) => [
    index("excuse_requests_day").on(t.connectionId, t.tenantId, t.day),
    index("excuse_requests_parent").on(t.parentUserId, t.createdDay),
  ],
);
