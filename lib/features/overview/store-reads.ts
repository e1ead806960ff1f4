import "server-only";
import { and, gte, inArray, lte, sql } from "drizzle-orm";
import { progressAttendance, progressRecitations, progressSessions, progressStudents } from "@/lib/db/schema-progress";
import type { DashboardDb } from "@/lib/db/client";
import type { StoreScope } from "@/lib/features/plans/mirror/reads";
import type { DaySession } from "./register-state";
import { ofItsSession, scoped } from "@/lib/features/progress/store-scope";

/**
 * The overview's reads of the progress read model (no v1 call), grouped in the database so that a
 * school of thousands of students is a few hundred rows: marks by halqa, week and status;
 * recitations by halqa and week; who was heard lately; registers by halqa and day.
 */

/** Monday of a school date's ISO week, as the database computes it. */
const weekOf = sql<string>`to_char(date_trunc('week', ${progressSessions.date}::date), 'YYYY-MM-DD')`;

export type MarkCount = { halqaId: string; week: string; inTerm: boolean; status: string; n: number };

export async function marksByWeek(
  db: DashboardDb,
  scope: StoreScope,
  range: { from: string; to: string; termFrom: string },
): Promise<MarkCount[]> {
  const rows = await db
    .select({
      halqaId: progressSessions.halqaId,
      week: weekOf,
      inTerm: sql<boolean>`${progressSessions.date} >= ${range.termFrom}`,
      status: sql<string>`${progressAttendance.data}->>'status'`,
      n: sql<number>`count(*)::int`,
    })
    .from(progressAttendance)
    .innerJoin(progressSessions, ofItsSession(progressAttendance))
    .where(
      and(
        scoped(progressAttendance, scope),
        gte(progressSessions.date, range.from),
        lte(progressSessions.date, range.to),
      ),
    )
    .groupBy(sql`1, 2, 3, 4`);
  return rows;
}

export type RecitationCount = { halqaId: string; week: string; inTerm: boolean; n: number };

export async function recitationsByWeek(
  db: DashboardDb,
  scope: StoreScope,
  range: { from: string; to: string; termFrom: string },
): Promise<RecitationCount[]> {
  return db
    .select({
      halqaId: progressSessions.halqaId,
      week: weekOf,
      inTerm: sql<boolean>`${progressSessions.date} >= ${range.termFrom}`,
      n: sql<number>`count(*)::int`,
    })
    .from(progressRecitations)
    .innerJoin(progressSessions, ofItsSession(progressRecitations))
    .where(
      and(
        scoped(progressRecitations, scope),
        gte(progressSessions.date, range.from),
        lte(progressSessions.date, range.to),
      ),
    )
    .groupBy(sql`1, 2, 3`);
}

/** Active students per halqa, and how many of them have a recitation in a session dated on or after `since`. */
export async function activeAndHeard(
  db: DashboardDb,
  scope: StoreScope,
  halqaIds: readonly string[],
  since: string,
): Promise<Map<string, { active: number; heard: number }>> {
  const result = new Map<string, { active: number; heard: number }>();
  if (halqaIds.length === 0) return result;
  const heardIds = db
    .selectDistinct({ studentId: progressRecitations.studentId })
    .from(progressRecitations)
    .innerJoin(progressSessions, ofItsSession(progressRecitations))
    .where(and(scoped(progressRecitations, scope), gte(progressSessions.date, since)));
  const rows = await db
    .select({
      halqaId: progressStudents.halqaId,
      active: sql<number>`count(*)::int`,
      heard: sql<number>`count(*) filter (where ${inArray(progressStudents.id, heardIds)})::int`,
    })
    .from(progressStudents)
    .where(
      and(
        scoped(progressStudents, scope),
        inArray(progressStudents.halqaId, [...halqaIds]),
        sql`${progressStudents.data}->>'status' = 'active'`,
      ),
    )
    .groupBy(progressStudents.halqaId);
  for (const row of rows) result.set(row.halqaId, { active: row.active, heard: row.heard });
  return result;
}

/** Students expected on a register of each halqa on a date: active, enrolled by then (or without an enrolment date). */
export async function expectedOn(
  db: DashboardDb,
  scope: StoreScope,
  halqaIds: readonly string[],
  date: string,
): Promise<Map<string, number>> {
  if (halqaIds.length === 0) return new Map();
  const rows = await db
    .select({ halqaId: progressStudents.halqaId, n: sql<number>`count(*)::int` })
    .from(progressStudents)
    .where(
      and(
        scoped(progressStudents, scope),
        inArray(progressStudents.halqaId, [...halqaIds]),
        sql`${progressStudents.data}->>'status' = 'active'`,
        sql`coalesce(${progressStudents.data}->>'enrolled_on', '') <= ${date}`,
      ),
    )
    .groupBy(progressStudents.halqaId);
  return new Map(rows.map((row) => [row.halqaId, row.n]));
}

/** The sessions of the given halqas dated `from`…`to`, with their registers' counts, by halqa and date. */
export async function registersOf(
  db: DashboardDb,
  scope: StoreScope,
  halqaIds: readonly string[],
  range: { from: string; to: string },
): Promise<Map<string, DaySession[]>> {
  const result = new Map<string, DaySession[]>();
  if (halqaIds.length === 0) return result;
  const status = sql`${progressAttendance.data}->>'status'`;
  const rows = await db
    .select({
      halqaId: progressSessions.halqaId,
      date: progressSessions.date,
      data: progressSessions.data,
      present: sql<number>`count(${progressAttendance.id}) filter (where ${status} = 'present')::int`,
      absent: sql<number>`count(${progressAttendance.id}) filter (where ${status} = 'absent')::int`,
      late: sql<number>`count(${progressAttendance.id}) filter (where ${status} = 'late')::int`,
      excused: sql<number>`count(${progressAttendance.id}) filter (where ${status} = 'excused')::int`,
      marked: sql<number>`count(${progressAttendance.id})::int`,
    })
    .from(progressSessions)
    .leftJoin(progressAttendance, ofItsSession(progressAttendance))
    .where(
      and(
        scoped(progressSessions, scope),
        inArray(progressSessions.halqaId, [...halqaIds]),
        gte(progressSessions.date, range.from),
        lte(progressSessions.date, range.to),
      ),
    )
    .groupBy(progressSessions.connectionId, progressSessions.id);
  for (const row of rows) {
    const key = dayKey(row.halqaId, row.date);
    const session: DaySession = {
      id: row.data.id,
      status: row.data.status,
      starts_at: row.data.starts_at,
      sheikh_id: row.data.sheikh_id,
      counts: { present: row.present, absent: row.absent, late: row.late, excused: row.excused, marked: row.marked },
    };
    (result.get(key) ?? result.set(key, []).get(key)!).push(session);
  }
  return result;
}

export const dayKey = (halqaId: string, date: string) => `${halqaId} ${date}`;

/** Each sheikh's latest session with at least one mark: the last register they took. */
export async function lastRegisters(
  db: DashboardDb,
  scope: StoreScope,
): Promise<Map<string, { date: string; sessionId: string }>> {
  const rows = await db
    .selectDistinctOn([sql`${progressSessions.data}->>'sheikh_id'`], {
      sheikhId: sql<string>`${progressSessions.data}->>'sheikh_id'`,
      date: progressSessions.date,
      sessionId: progressSessions.id,
    })
    .from(progressSessions)
    .where(
      and(
        scoped(progressSessions, scope),
        sql`exists (select 1 from ${progressAttendance} where ${progressAttendance.connectionId} = ${progressSessions.connectionId} and ${progressAttendance.sessionId} = ${progressSessions.id})`,
      ),
    )
    .orderBy(
      sql`${progressSessions.data}->>'sheikh_id'`,
      sql`${progressSessions.date} desc`,
      sql`${progressSessions.data}->>'starts_at' desc`,
    );
  return new Map(rows.map((row) => [row.sheikhId, { date: row.date, sessionId: row.sessionId }]));
}
