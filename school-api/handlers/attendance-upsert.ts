import { sql } from "drizzle-orm";
import type { AttendanceRow } from "@/lib/contract";
import type { Context } from "../context";
import { notFound, validationFailed } from "../errors";
import { newId } from "../ids";

type Mark = { student_id: string; status: string; late_minutes?: number | null; note?: string | null };

/** One result row: a stored attendance row, a refused student (`refused`), or the missing session (`missing`). */
type Raw = {
  kind: "row" | "refused" | "missing";
  i: number | null;
  id: string | null;
  student_id: string | null;
  status: string | null;
  late_minutes: number | null;
  note: string | null;
  created_at: string | null;
  updated_at: string | null;
  found: boolean | null;
  halqa_ok: boolean | null;
  student_status: string | null;
};

/** The database writes a timestamp in its own ISO 8601 form; the API's is `Date#toISOString`. */
const iso = (value: string | null) => new Date(value!).toISOString();

/**
 * `PUT /sessions/{id}/attendance` as ONE statement (the write path's hot spot: a register saves
 * every few taps), kept in the database as the function `upsert_attendance` (migration 0002) so
 * that PostgreSQL plans it once per connection instead of on every save. The session, each
 * student's eligibility (spec rule 3: exists in this school, enrolled in the session's halqa,
 * active) and the upsert of only the supplied rows (rule 1) run together: the insert happens only
 * when the session exists and every student is eligible, so a batch is all or nothing without a
 * transaction of its own. The rows travel as one JSON parameter instead of nine parameters a row.
 * A refusal names each bad row as before. A supplied row that already holds these values is left
 * as it is (no new row version, `updated_at` unchanged) and answered as stored: a register saves
 * the same marks again and again.
 */
export async function upsertAttendanceRows(
  ctx: Context,
  sessionId: string,
  marks: readonly Mark[],
): Promise<{ session_id: string; rows: AttendanceRow[] }> {
  const input = JSON.stringify(
    marks.map((mark, i) => ({
      i,
      id: newId("att"),
      student_id: mark.student_id,
      status: mark.status,
      late_minutes: mark.late_minutes ?? null,
      note: mark.note ?? null,
    })),
  );
  const school = ctx.school.id;
  const now = ctx.now.toISOString();
  const result = (await ctx.db.execute(
    // The function's rows come back as ONE JSON text: PGlite decodes each field of a result on its
    // own, and 30 rows of a dozen columns cost more than the JSON (`npm run bench -- api`).
    sql`select coalesce(json_agg(r order by r.i), '[]')::text as answer from upsert_attendance(${school}, ${sessionId}, ${input}::jsonb, ${now}::timestamptz) r`,
  )) as unknown as { rows: { answer: string }[] };
  const raws = JSON.parse(result.rows[0]!.answer) as Raw[];
  if (raws.some((raw) => raw.kind === "missing")) throw notFound("Session");
  const refused = raws.filter((raw) => raw.kind === "refused");
  if (refused.length > 0) {
    const fields: Record<string, string> = {};
    for (const raw of refused) {
      fields[`rows.${raw.i}.student_id`] = !raw.found
        ? "no such student in this school"
        : !raw.halqa_ok
          ? "the student is not enrolled in this session's halqa"
          : `the student's status is ${raw.student_status}, not active`;
    }
    throw validationFailed(fields, "Some students are not eligible for this session; nothing was saved");
  }
  const rows = raws.map((raw): AttendanceRow => ({
    id: raw.id!,
    session_id: sessionId,
    student_id: raw.student_id!,
    status: raw.status as AttendanceRow["status"],
    late_minutes: raw.late_minutes,
    note: raw.note,
    created_at: iso(raw.created_at),
    updated_at: iso(raw.updated_at),
  }));
  return { session_id: sessionId, rows };
}
