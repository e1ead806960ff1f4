import type { QuranRange } from "@/lib/contract";
import * as t from "../db/schema";
import { newId } from "../ids";

/** The tables the seeds fill, parent tables first: the order they are inserted in. */
export const SEED_TABLES = {
  schools: t.schools,
  semesters: t.semesters,
  halqas: t.halqas,
  sheikhs: t.sheikhs,
  halqaSheikhs: t.halqaSheikhs,
  students: t.students,
  sessions: t.sessions,
  attendance: t.attendance,
  recitations: t.recitations,
  plans: t.learningPlans,
  assignments: t.assignments,
  apiKeys: t.apiKeys,
} as const;

/** Insert shapes of every table the seeds fill, built in memory and inserted in batches. */
export type SeedRows = { -readonly [K in keyof typeof SEED_TABLES]: (typeof SEED_TABLES)[K]["$inferInsert"][] };
type Row<K extends keyof SeedRows> = SeedRows[K][number];

export type SemesterRow = Row<"semesters">;
export type HalqaRow = Row<"halqas">;
export type StudentRow = Row<"students">;
export type RecitationRow = Row<"recitations">;
export type PlanRow = Row<"plans">;
export type AssignmentRow = Row<"assignments">;

export function emptyRows(): SeedRows {
  return Object.fromEntries(Object.keys(SEED_TABLES).map((key) => [key, []])) as unknown as SeedRows;
}

/** A recitation heard at `recordedAt` (its id, creation and last change all from that instant). */
export function recitationRow(
  input: Omit<RecitationRow, "id" | "startSurah" | "startAyah" | "endSurah" | "endAyah" | "createdAt" | "updatedAt"> & {
    range: QuranRange;
    recordedAt: Date;
  },
): RecitationRow {
  const { range, recordedAt, ...rest } = input;
  return {
    id: newId("rec", recordedAt.getTime()),
    ...rest,
    startSurah: range.start.surah,
    startAyah: range.start.ayah,
    endSurah: range.end.surah,
    endAyah: range.end.ayah,
    recordedAt,
    createdAt: recordedAt,
    updatedAt: recordedAt,
  };
}
