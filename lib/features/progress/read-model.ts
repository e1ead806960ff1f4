import "server-only";
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { AttendanceRow, Recitation, Session, Student } from "@/lib/contract";
import {
  progressAttendance,
  progressRecitations,
  progressSessions,
  progressStudents,
  progressSyncState,
} from "@/lib/db/schema-progress";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import type { StoreScope } from "@/lib/features/plans/mirror/reads";
import { scoped } from "./store-scope";

/**
 * Reads of the progress read model (no v1 call): pages and reports come here instead of asking
 * the API once per student. Scoped like the plan store: by connection, and by the tenant confirmed
 * by GET /school when given. How fresh it is: docs/progress.md and `progressFreshness`.
 */
export type { StoreScope as ProgressScope };

export type StudentHistory = {
  /** The student's recitations, newest first (`recorded_at`), across the student's records of every semester (same `lineage_id`). */
  recitations: Recitation[];
  /**
   * Every session the student was expected at, newest first, with the student's row (null: not
   * marked). Expected: a session of the halqa of one of the student's records, on or after
   * `enrolled_on` (when given), or any session where the student has a row. A student who is no
   * longer enrolled (withdrawn, graduated) is expected only where marked.
   */
  attendance: { session: Session; row: AttendanceRow | null }[];
};

export type HalqaHistory = {
  /** Sessions of the halqa dated `from`…`to` (school dates, inclusive), oldest first. */
  sessions: Session[];
  /** Rows of those sessions, in session order. */
  attendance: AttendanceRow[];
  /** Recitations of those sessions, oldest first (`recorded_at`). */
  recitations: Recitation[];
};

export type ProgressFreshness = { lastCompletedAt: string | null; running: boolean };

const ENROLLED = new Set(["active", "on_leave"]);

export async function studentHistory(scope: StoreScope, studentId: string, db?: DashboardDb): Promise<StudentHistory> {
  const store = db ?? (await dashboardDb());
  const own = await store
    .select({ lineageId: progressStudents.lineageId })
    .from(progressStudents)
    .where(and(scoped(progressStudents, scope), eq(progressStudents.id, studentId)))
    .limit(1);
  const records = own[0]
    ? await store
        .select({ data: progressStudents.data })
        .from(progressStudents)
        .where(and(scoped(progressStudents, scope), eq(progressStudents.lineageId, own[0].lineageId)))
    : [];
  const ids = [...new Set([studentId, ...records.map((r) => r.data.id)])];

  const [recitations, rows] = await Promise.all([
    store
      .select({ data: progressRecitations.data })
      .from(progressRecitations)
      .where(and(scoped(progressRecitations, scope), inArray(progressRecitations.studentId, ids)))
      .orderBy(desc(progressRecitations.recordedAt), desc(progressRecitations.id)),
    store
      .select({ data: progressAttendance.data })
      .from(progressAttendance)
      .where(and(scoped(progressAttendance, scope), inArray(progressAttendance.studentId, ids))),
  ]);
  const rowBySession = new Map(rows.map((r) => [r.data.session_id, r.data]));

  const expected: SQL[] = [];
  for (const { data: student } of records) {
    if (!ENROLLED.has(student.status)) continue;
    const halqa = eq(progressSessions.halqaId, student.halqa_id);
    expected.push(student.enrolled_on ? and(halqa, gte(progressSessions.date, student.enrolled_on))! : halqa);
  }
  if (rowBySession.size > 0) expected.push(inArray(progressSessions.id, [...rowBySession.keys()]));
  const sessions =
    expected.length === 0
      ? []
      : await store
          .select({ data: progressSessions.data })
          .from(progressSessions)
          .where(and(scoped(progressSessions, scope), or(...expected)))
          .orderBy(
            desc(progressSessions.date),
            desc(sql`${progressSessions.data}->>'starts_at'`),
            desc(progressSessions.id),
          );
  return {
    recitations: recitations.map((r) => r.data),
    attendance: sessions.map(({ data: session }) => ({ session, row: rowBySession.get(session.id) ?? null })),
  };
}

/**
 * Each student's new memorisation recorded before `before` (an instant), across every record of their
 * lineage (a student's earlier semesters count: docs/progress.md "newly memorised"), by the student
 * ids asked: what a period's "newly memorised" subtracts. Three queries whatever the number of students.
 */
export async function newMemorisationBefore(
  scope: StoreScope,
  studentIds: readonly string[],
  before: string,
  db?: DashboardDb,
): Promise<Map<string, Recitation[]>> {
  const result = new Map<string, Recitation[]>();
  if (studentIds.length === 0) return result;
  const store = db ?? (await dashboardDb());
  const asked = await store
    .select({ id: progressStudents.id, lineageId: progressStudents.lineageId })
    .from(progressStudents)
    .where(and(scoped(progressStudents, scope), inArray(progressStudents.id, [...studentIds])));
  const lineages = [...new Set(asked.map((row) => row.lineageId))];
  if (lineages.length === 0) return result;
  const records = await store
    .select({ id: progressStudents.id, lineageId: progressStudents.lineageId })
    .from(progressStudents)
    .where(and(scoped(progressStudents, scope), inArray(progressStudents.lineageId, lineages)));
  const lineageOf = new Map(records.map((row) => [row.id, row.lineageId]));
  const recitations = await store
    .select({ data: progressRecitations.data })
    .from(progressRecitations)
    .where(
      and(
        scoped(progressRecitations, scope),
        inArray(progressRecitations.studentId, [...lineageOf.keys()]),
        sql`${progressRecitations.data}->>'kind' = 'new_memorization'`,
        sql`${progressRecitations.recordedAt} < ${before}::timestamptz`,
      ),
    );
  const byLineage = new Map<string, Recitation[]>();
  for (const { data } of recitations) {
    const lineage = lineageOf.get(data.student_id)!;
    (byLineage.get(lineage) ?? byLineage.set(lineage, []).get(lineage)!).push(data);
  }
  for (const { id, lineageId } of asked) result.set(id, byLineage.get(lineageId) ?? []);
  return result;
}

/** A halqa's student records as the read model holds them, whatever their status. */
export async function halqaStudents(scope: StoreScope, halqaId: string, db?: DashboardDb): Promise<Student[]> {
  const store = db ?? (await dashboardDb());
  const rows = await store
    .select({ data: progressStudents.data })
    .from(progressStudents)
    .where(and(scoped(progressStudents, scope), eq(progressStudents.halqaId, halqaId)));
  return rows.map((row) => row.data);
}

export async function halqaHistory(
  scope: StoreScope,
  halqaId: string,
  range: { from: string; to: string },
  db?: DashboardDb,
): Promise<HalqaHistory> {
  return (await halqaHistories(scope, [halqaId], range, db)).get(halqaId) ?? emptyHistory();
}

const emptyHistory = (): HalqaHistory => ({ sessions: [], attendance: [], recitations: [] });

/**
 * `halqaHistory` of several halqas in three queries whatever their number (the whole school's
 * needs-attention list reads hundreds of halqas: one query each was thousands of round trips).
 * Halqas without a session in the range are absent from the map.
 */
export async function halqaHistories(
  scope: StoreScope,
  halqaIds: readonly string[],
  range: { from: string; to: string },
  db?: DashboardDb,
): Promise<Map<string, HalqaHistory>> {
  const result = new Map<string, HalqaHistory>();
  if (halqaIds.length === 0) return result;
  const store = db ?? (await dashboardDb());
  const ofHalqas = and(
    scoped(progressSessions, scope),
    inArray(progressSessions.halqaId, [...halqaIds]),
    gte(progressSessions.date, range.from),
    lte(progressSessions.date, range.to),
  );
  const sessions = await store
    .select({ halqaId: progressSessions.halqaId, data: progressSessions.data })
    .from(progressSessions)
    .where(ofHalqas)
    .orderBy(asc(progressSessions.date), asc(sql`${progressSessions.data}->>'starts_at'`), asc(progressSessions.id));
  if (sessions.length === 0) return result;
  const ofRange = (column: PgColumn) =>
    sql`${column} in (select ${progressSessions.id} from ${progressSessions} where ${ofHalqas})`;
  const [attendance, recitations] = await Promise.all([
    store
      .select({ sessionId: progressAttendance.sessionId, data: progressAttendance.data })
      .from(progressAttendance)
      .where(and(scoped(progressAttendance, scope), ofRange(progressAttendance.sessionId))),
    store
      .select({ sessionId: progressRecitations.sessionId, data: progressRecitations.data })
      .from(progressRecitations)
      .where(and(scoped(progressRecitations, scope), ofRange(progressRecitations.sessionId)))
      .orderBy(asc(progressRecitations.recordedAt), asc(progressRecitations.id)),
  ]);
  const halqaOf = new Map<string, string>();
  const order = new Map<string, number>();
  const of = (halqaId: string) => result.get(halqaId) ?? result.set(halqaId, emptyHistory()).get(halqaId)!;
  sessions.forEach((s, index) => {
    halqaOf.set(s.data.id, s.halqaId);
    order.set(s.data.id, index);
    of(s.halqaId).sessions.push(s.data);
  });
  attendance.sort(
    (a, b) =>
      (order.get(a.sessionId) ?? 0) - (order.get(b.sessionId) ?? 0) ||
      (a.data.id < b.data.id ? -1 : a.data.id > b.data.id ? 1 : 0),
  );
  for (const row of attendance) {
    const halqaId = halqaOf.get(row.sessionId);
    if (halqaId) of(halqaId).attendance.push(row.data);
  }
  for (const row of recitations) {
    const halqaId = halqaOf.get(row.sessionId);
    if (halqaId) of(halqaId).recitations.push(row.data);
  }
  return result;
}

export async function progressFreshness(scope: StoreScope, db?: DashboardDb): Promise<ProgressFreshness> {
  const store = db ?? (await dashboardDb());
  const [row] = await store
    .select({
      lastCompletedAt: progressSyncState.lastCompletedAt,
      tenantId: progressSyncState.tenantId,
      cycleId: progressSyncState.cycleId,
      running: sql<boolean>`coalesce(${progressSyncState.leaseExpiresAt} > now(), false)`,
    })
    .from(progressSyncState)
    .where(eq(progressSyncState.connectionId, scope.connectionId))
    .limit(1);
  if (!row || (scope.tenantId && row.tenantId && row.tenantId !== scope.tenantId))
    return { lastCompletedAt: null, running: false };
  return { lastCompletedAt: row.lastCompletedAt?.toISOString() ?? null, running: Boolean(row.cycleId) && row.running };
}
