import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./sync-state";

/**
 * The teacher's notebook (issue 29): what the school's API has no place for. One row per mistake a
 * teacher tapped while hearing a recitation, keyed by the recitation's id as the school answered it
 * (never an id from the browser), written only after the school accepted the recitation. Exists only
 * here: backed up, never rebuilt. Staff-only: no family view reads this table.
 */
export const recitationMistakes = pgTable(
  "recitation_mistakes",
  {
    connectionId: text("connection_id").notNull(),
    /** The school (GET /school → id) the recitation belongs to. */
    tenantId: text("tenant_id").notNull(),
    recitationId: text("recitation_id").notNull(),
    /** The tap's place in the recitation (0, 1, …): a replayed save writes the same rows again. */
    seq: integer("seq").notNull(),
    sessionId: text("session_id").notNull(),
    studentId: text("student_id").notNull(),
    /** One of the school's mistake type ids (notebook_settings), e.g. `hesitation`. */
    type: text("type").notNull(),
    /** The ayah it was placed on; null: not placed. */
    surah: integer("surah"),
    ayah: integer("ayah"),
    recordedAt: ts("recorded_at").notNull(),
    recordedBy: text("recorded_by"),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.recitationId, t.seq] }),
    index("recitation_mistakes_student").on(t.connectionId, t.studentId, t.recordedAt),
  ],
);

/** A mistake type of a school: its id, and its name per language (absent: the catalogue's name of a default type). */
export type StoredMistakeType = { id: string; names: Record<string, string> };

/** Per-school settings of the notebook, edited by admins; no row: the documented defaults. */
export const notebookSettings = pgTable("notebook_settings", {
  connectionId: text("connection_id").primaryKey(),
  mistakeTypes: jsonb("mistake_types").$type<StoredMistakeType[]>(),
  /** Highest mistake total per rating, from the best rating down (lib/features/notebook/mistakes.ts). */
  ratingThresholds: jsonb("rating_thresholds").$type<number[]>(),
  /** "Recent revision": the last N pages memorised. */
  recentPages: integer("recent_pages").notNull().default(5),
  /** Old revision: each memorised page is due again after this many days. */
  cycleDays: integer("cycle_days").notNull().default(30),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  updatedBy: text("updated_by"),
});
