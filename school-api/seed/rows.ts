import type { QuranRange } from "@/lib/contract";
import * as t from "../db/schema";
import { newId } from "../ids";
import type { Rng } from "./random";
import { addMinutes } from "./time";

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
export type AttendanceRow = Row<"attendance">;
export type RecitationRow = Row<"recitations">;
export type PlanRow = Row<"plans">;
export type AssignmentRow = Row<"assignments">;

export function emptyRows(): SeedRows {
  return Object.fromEntries(Object.keys(SEED_TABLES).map((key) => [key, []])) as unknown as SeedRows;
}

/** Cumulative odds of a drawn mark: a roll below `present` is present, then late, then absent; the rest excused. */
export type MarkOdds = { present: number; late: number; absent: number };

/**
 * A student's mark in a session that started at `startsAt`, drawn from `rng` in this order (the
 * seeds' data depends on it): the status, the minute it was taken, the minutes late (5 to
 * `maxLateMinutes`), then the note. Its id, creation and last change are from the minute taken.
 */
export function drawnMark(
  rng: Rng,
  input: Pick<AttendanceRow, "schoolId" | "sessionId" | "studentId"> & {
    startsAt: Date;
    odds: MarkOdds;
    maxLateMinutes: number;
    note: (status: string) => string | null;
  },
): AttendanceRow {
  const { startsAt, odds, maxLateMinutes, note, ...ids } = input;
  const roll = rng.next();
  const status =
    roll < odds.present ? "present" : roll < odds.late ? "late" : roll < odds.absent ? "absent" : "excused";
  const markedAt = addMinutes(startsAt, rng.int(2, 10));
  return {
    id: newId("att", markedAt.getTime()),
    ...ids,
    status,
    lateMinutes: status === "late" ? rng.int(5, maxLateMinutes) : null,
    note: note(status),
    createdAt: markedAt,
    updatedAt: markedAt,
  };
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
