import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./sync-state";

/**
 * The timetable of halqas (issue 25): on which weekdays and at what time each halqa meets. The
 * school's API has no timetable: this is the dashboard's own data, edited by admins, per connection
 * and semester (a halqa id belongs to one semester). Weekdays are ISO numbers (1 Monday … 7 Sunday),
 * times are the school's wall clock (`HH:MM`, in the school's time zone).
 */
export const halqaTimetable = pgTable(
  "halqa_timetable",
  {
    connectionId: text("connection_id").notNull(),
    halqaId: text("halqa_id").notNull(),
    semesterId: text("semester_id").notNull(),
    weekdays: integer("weekdays").array().notNull(),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.halqaId] }),
    index("halqa_timetable_semester").on(t.connectionId, t.semesterId),
  ],
);
