import { z } from "zod";
import { showsLetterOrDigit } from "./invisible";
import { CalendarDate, Id, Int32, QuranPositionInput, Timestamp, wellFormed } from "./common";
import { comparePoints, pointProblem } from "@/lib/quran";
import { ATTENDANCE_STATUSES, AttendanceRow, RECITATION_KINDS, STUDENT_STATUSES } from "./resources";

/**
 * Text rules (docs/contract.md, "Text"): bidi embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069) can make stored text read differently from what was typed, so they are refused in
 * every text field; the marks Arabic text uses (U+200E/U+200F, U+061C, U+200C/U+200D) are kept. A
 * name is one line and has at least one letter or digit a reader sees (lib/contract/invisible.ts).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/** Whether text holds a bidi embedding, override or isolate: refused in every text field, and in the dashboard's own (excuse reasons). */
export const hasBidiControls = (value: string) => BIDI_CONTROLS.test(value);
const LINE_BREAKS = /[\u0000-\u001F\u007F\u0085\u2028\u2029]/;
const noBidi = (schema: z.ZodString) =>
  schema.refine((value) => !hasBidiControls(value), "must not contain bidi override or isolate characters");

/** Request bodies are strict: an unknown field is a validation error, never silently dropped. */
const name = noBidi(
  wellFormed(z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters")),
)
  .refine((value) => !LINE_BREAKS.test(value), "must be one line, without control characters")
  .refine(showsLetterOrDigit, "must contain a letter or a digit");
const note = noBidi(wellFormed(z.string().trim().max(500, "must be at most 500 characters")));

/** A session's start lies on its date in some time zone: within a day and a half of that date's noon UTC. */
const START_SLACK_MS = 36 * 60 * 60 * 1000;
export const START_OFF_DATE = "must fall on the session's date";
export function startFallsOnDate(date: string, startsAt: string | Date): boolean {
  return Math.abs(new Date(startsAt).getTime() - Date.parse(`${date}T12:00:00Z`)) <= START_SLACK_MS;
}
/** When a body sends both; a server checks the record as it will be stored too (one sent, the other kept or defaulted). */
function startsOnDate(body: { date?: string; starts_at?: string }, ctx: z.RefinementCtx): void {
  if (!body.date || !body.starts_at) return;
  if (!startFallsOnDate(body.date, body.starts_at))
    ctx.addIssue({ code: "custom", message: START_OFF_DATE, path: ["starts_at"] });
}

export const StudentCreate = z
  .strictObject({
    halqa_id: Id,
    full_name: name,
    preferred_name: name.nullable().optional(),
    status: z.enum(STUDENT_STATUSES).optional().meta({ description: "Defaults to `active`." }),
    enrolled_on: CalendarDate.nullable().optional(),
    lineage_id: Id.optional().meta({ description: "Carry an existing student into the halqa's semester." }),
  })
  .meta({ id: "StudentCreate" });
export type StudentCreate = z.infer<typeof StudentCreate>;

/** `null` is allowed for `preferred_name` and `enrolled_on` only (spec rule 5). */
export const StudentUpdate = z
  .strictObject({
    full_name: name.optional(),
    preferred_name: name.nullable().optional(),
    status: z.enum(STUDENT_STATUSES).optional(),
    halqa_id: Id.optional().meta({ description: "Another halqa of the same semester." }),
    enrolled_on: CalendarDate.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "give at least one field to update" })
  .meta({ id: "StudentUpdate" });
export type StudentUpdate = z.infer<typeof StudentUpdate>;

export const SessionCreate = z
  .strictObject({
    halqa_id: Id,
    sheikh_id: Id,
    date: CalendarDate.optional().meta({ description: "Defaults to today in the school's time zone." }),
    starts_at: Timestamp.optional().meta({ description: "Defaults to now." }),
    topic: note.nullable().optional(),
  })
  .superRefine(startsOnDate)
  .meta({ id: "SessionCreate" });
export type SessionCreate = z.infer<typeof SessionCreate>;

/** `null` is allowed for `topic` only. */
export const SessionUpdate = z
  .strictObject({
    sheikh_id: Id.optional(),
    date: CalendarDate.optional(),
    starts_at: Timestamp.optional(),
    topic: note.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "give at least one field to update" })
  .superRefine(startsOnDate)
  .meta({ id: "SessionUpdate" });
export type SessionUpdate = z.infer<typeof SessionUpdate>;

export const ATTENDANCE_BATCH_MAX = 200;

export const AttendanceMark = z
  .strictObject({
    student_id: Id,
    status: z.enum(ATTENDANCE_STATUSES),
    late_minutes: Int32.min(1).max(600).nullable().optional().meta({ description: "Only with status `late`." }),
    note: note.nullable().optional(),
  })
  .superRefine((mark, ctx) => {
    if (mark.late_minutes != null && mark.status !== "late") {
      ctx.addIssue({
        code: "custom",
        message: "late_minutes is only allowed when status is late",
        path: ["late_minutes"],
      });
    }
  })
  .meta({ id: "AttendanceMark" });
export type AttendanceMark = z.infer<typeof AttendanceMark>;

export const AttendanceUpsert = z
  .strictObject({
    rows: z
      .array(AttendanceMark)
      .min(1, "give at least one row")
      .max(ATTENDANCE_BATCH_MAX, `at most ${ATTENDANCE_BATCH_MAX} rows per request`),
  })
  .superRefine((body, ctx) => {
    const seen = new Map<string, number>();
    body.rows.forEach((row, index) => {
      const first = seen.get(row.student_id);
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `student already given in rows.${first}`,
          path: ["rows", index, "student_id"],
        });
      } else seen.set(row.student_id, index);
    });
  })
  .meta({ id: "AttendanceUpsert" });
export type AttendanceUpsert = z.infer<typeof AttendanceUpsert>;

export const AttendanceUpsertResult = z
  .object({
    session_id: Id,
    rows: z
      .array(AttendanceRow)
      .max(ATTENDANCE_BATCH_MAX)
      .meta({ description: "The rows of the supplied students, as stored." }),
  })
  .meta({ id: "AttendanceUpsertResult" });
export type AttendanceUpsertResult = z.infer<typeof AttendanceUpsertResult>;

export const RecitationCreate = z
  .strictObject({
    student_id: Id,
    kind: z.enum(RECITATION_KINDS),
    start: QuranPositionInput,
    end: QuranPositionInput,
    rating: Int32.meta({ description: "One of the values of the school's `rating_scale`." }),
    mistakes: Int32.min(0).max(999).nullable().optional(),
    note: note.nullable().optional(),
    recorded_at: Timestamp.optional().meta({ description: "Defaults to now." }),
  })
  .superRefine((body, ctx) => {
    if (pointProblem(body.start) || pointProblem(body.end)) return;
    if (comparePoints(body.start, body.end) > 0) {
      ctx.addIssue({ code: "custom", message: "end must not come before start in mushaf order", path: ["end"] });
    }
  })
  .meta({ id: "RecitationCreate" });
export type RecitationCreate = z.infer<typeof RecitationCreate>;
