import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./sync-state";

/**
 * The comment a teacher writes for a family on a term's report card (issue 25.4): the only thing a
 * teacher writes that reaches the card, shown in the UI as "Parents will read this". The school's
 * API has no place for it, so it is the dashboard's own data, per connection, semester and student
 * record (a student record belongs to one semester).
 */
export const reportCardComments = pgTable(
  "report_card_comments",
  {
    connectionId: text("connection_id").notNull(),
    semesterId: text("semester_id").notNull(),
    studentId: text("student_id").notNull(),
    body: text("body").notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.semesterId, t.studentId] })],
);
