import "server-only";
import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db/client";
import {
  noticeOutbox,
  noticeRegisters,
  noticeSettings,
  progressAttendance,
  progressSessions,
  progressStudents,
} from "@/lib/db/schema";
import type { School, Session, Student } from "@/lib/contract";
import { addDays, dateIn } from "@/lib/dates";
import { ofItsSession } from "@/lib/features/progress/store-scope";
import type { Formats } from "@/lib/i18n/locales";
import { composeAbsence } from "./compose";
import { enqueue, type NewNotice } from "./outbox";
import { recipientsFor } from "./recipients";
import { isAnnounceable, isNoticeMark, settledAt } from "./settle";
import { signUnsubscribe, unsubscribeUrl } from "./unsubscribe-token";
import { schoolNameIn } from "@/lib/features/school/name";
import { calledName } from "@/lib/features/students/display-names";

/** What the absence scan needs from outside the store: the school, a halqa's name, a student the read model lacks. */
export type SchoolLookups = {
  school: School;
  halqaName(id: string): Promise<string | null>;
  student(id: string): Promise<Student | null>;
  secret: string;
  /** The school's digits and order of calendars (school_language_settings), for what its families read. */
  formats?: Formats;
};

/** Registers of the last days are looked at; older ones cannot newly settle within the announce window. */
const LOOKBACK_DAYS = 2;

/**
 * Finds the registers that settled since they were last looked at (the progress read model: marks
 * written through by the dashboard at once, marks from the school's own application on the next
 * progress sync) and queues one notice per parent of each child marked absent or late.
 * Returns how many notices were queued.
 */
export async function queueAbsenceNotices(
  db: DashboardDb,
  connectionId: string,
  lookups: SchoolLookups,
  startedAt: Date,
  now: Date,
  status: "pending" | "held",
): Promise<number> {
  const [settings] = await db
    .select()
    .from(noticeSettings)
    .where(eq(noticeSettings.connectionId, connectionId))
    .limit(1);
  const on = settings?.absenceOn ?? true;
  const tenantId = lookups.school.id;
  const since = addDays(dateIn(lookups.school.time_zone, now), -LOOKBACK_DAYS);
  const candidates = await db
    .select({
      id: progressSessions.id,
      data: progressSessions.data,
      lastChange: sql<Date>`max(${progressAttendance.updatedAt})`.mapWith(progressAttendance.updatedAt),
      rowsThrough: noticeRegisters.rowsThrough,
    })
    .from(progressSessions)
    .innerJoin(progressAttendance, ofItsSession(progressAttendance))
    .leftJoin(
      noticeRegisters,
      and(
        eq(noticeRegisters.connectionId, progressSessions.connectionId),
        eq(noticeRegisters.sessionId, progressSessions.id),
      ),
    )
    .where(
      and(
        eq(progressSessions.connectionId, connectionId),
        eq(progressSessions.tenantId, tenantId),
        gte(progressSessions.date, since),
      ),
    )
    .groupBy(progressSessions.id, progressSessions.data, noticeRegisters.rowsThrough)
    .having(
      sql`${noticeRegisters.rowsThrough} is null or max(${progressAttendance.updatedAt}) > ${noticeRegisters.rowsThrough}`,
    );

  let queued = 0;
  for (const candidate of candidates) {
    const session: Session = candidate.data;
    const lastChange = candidate.lastChange;
    const settled = settledAt({ status: session.status, endedAt: session.ended_at, lastChange }, now);
    if (!settled) continue;
    if (on && isAnnounceable(settled, startedAt, now))
      queued += await queueForSession(db, connectionId, lookups, session, status);
    await db
      .insert(noticeRegisters)
      .values({ connectionId, sessionId: session.id, rowsThrough: lastChange, settledAt: settled })
      .onConflictDoUpdate({
        target: [noticeRegisters.connectionId, noticeRegisters.sessionId],
        set: { rowsThrough: lastChange, settledAt: settled },
      });
  }
  return queued;
}

async function queueForSession(
  db: DashboardDb,
  connectionId: string,
  lookups: SchoolLookups,
  session: Session,
  status: "pending" | "held",
): Promise<number> {
  const [earlier, superseded] = await Promise.all([
    earlierNoticesOfDay(db, connectionId, session),
    laterRegistersOfDay(db, connectionId, session),
  ]);
  const rows = (
    await db
      .select({ data: progressAttendance.data })
      .from(progressAttendance)
      .where(and(eq(progressAttendance.connectionId, connectionId), eq(progressAttendance.sessionId, session.id)))
  )
    .map((row) => row.data)
    // An absence or lateness to tell, or any mark of a child whose family heard of an earlier register today.
    .filter((row) => (isNoticeMark(row.status) || earlier.size > 0) && !superseded.has(row.student_id));
  if (!rows.length) return 0;
  const studentIds = rows.map((row) => row.student_id);
  const stored = await db
    .select({ id: progressStudents.id, data: progressStudents.data })
    .from(progressStudents)
    .where(and(eq(progressStudents.connectionId, connectionId), inArray(progressStudents.id, studentIds)));
  const students = new Map(stored.map((row) => [row.id, row.data]));
  for (const id of studentIds) {
    if (!students.has(id)) {
      const found = await lookups.student(id);
      if (found) students.set(id, found);
    }
  }
  const lineages = [...new Set([...students.values()].map((student) => student.lineage_id))];
  const recipients = await recipientsFor(db, connectionId, lineages, "absence");
  if (!recipients.length) return 0;
  const halqaName = await lookups.halqaName(session.halqa_id);
  const notices: NewNotice[] = [];
  for (const row of rows) {
    const student = students.get(row.student_id);
    if (!student) continue;
    // The later register of a day is the one a family goes by (issue 58.1): to a parent told of an earlier
    // one this register's mark goes as an update that says it replaces it (a register older than one
    // already settled says nothing: `superseded`).
    for (const recipient of recipients.filter((r) => r.lineageId === student.lineage_id)) {
      // What this parent was told: another parent of the child, or one linked since, heard nothing yet.
      const supersedes = earlier.has(`${student.lineage_id} ${recipient.userId}`);
      if (!supersedes && !isNoticeMark(row.status)) continue;
      const link = unsubscribeUrl(
        signUnsubscribe({ userId: recipient.userId, kind: "absence", locale: recipient.locale }, lookups.secret),
      );
      const composed = composeAbsence({
        locale: recipient.locale,
        schoolName: schoolNameIn(lookups.school, recipient.locale),
        timeZone: lookups.school.time_zone,
        childName: calledName(student),
        halqaName,
        date: session.date,
        startsAt: session.starts_at,
        status: row.status,
        lateMinutes: row.late_minutes,
        supersedes,
        unsubscribeUrl: link,
        formats: lookups.formats,
      });
      notices.push({
        connectionId,
        tenantId: lookups.school.id,
        kind: "absence",
        idempotencyKey: `absence:${connectionId}:${lookups.school.id}:${session.id}:${student.lineage_id}:${recipient.userId}`,
        recipient,
        subjectRef: `attendance:${row.id}`,
        day: session.date,
        composed,
        status,
      });
    }
  }
  return enqueue(db, notices);
}

/** The parents (as "lineage user") sent, or to be sent, an absence notice about another register of this session's day. */
async function earlierNoticesOfDay(db: DashboardDb, connectionId: string, session: Session): Promise<Set<string>> {
  const rows = await db
    .select({ lineageId: noticeOutbox.lineageId, userId: noticeOutbox.recipientUserId })
    .from(noticeOutbox)
    .innerJoin(
      progressAttendance,
      and(
        eq(progressAttendance.connectionId, noticeOutbox.connectionId),
        eq(noticeOutbox.subjectRef, sql`'attendance:' || ${progressAttendance.id}`),
      ),
    )
    .where(
      and(
        eq(noticeOutbox.connectionId, connectionId),
        eq(noticeOutbox.kind, "absence"),
        eq(noticeOutbox.day, session.date),
        ne(progressAttendance.sessionId, session.id),
      ),
    );
  return new Set(rows.map((row) => `${row.lineageId} ${row.userId}`));
}

/** The students of this session marked in a register of the same day that began later and has settled: it supersedes this one. */
async function laterRegistersOfDay(db: DashboardDb, connectionId: string, session: Session): Promise<Set<string>> {
  const rows = await db
    .select({ studentId: progressAttendance.studentId })
    .from(progressAttendance)
    .innerJoin(progressSessions, ofItsSession(progressAttendance))
    .innerJoin(
      noticeRegisters,
      and(
        eq(noticeRegisters.connectionId, progressSessions.connectionId),
        eq(noticeRegisters.sessionId, progressSessions.id),
      ),
    )
    .where(
      and(
        eq(progressAttendance.connectionId, connectionId),
        eq(progressSessions.date, session.date),
        ne(progressSessions.id, session.id),
        sql`${progressSessions.data}->>'starts_at' > ${session.starts_at}`,
      ),
    );
  return new Set(rows.map((row) => row.studentId));
}
