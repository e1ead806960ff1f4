import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import type { AttendanceRow, School, Semester, Session, Student, Surah } from "@/lib/contract";
import { dateIn } from "@/lib/dates";
import { childView, currentRecord } from "@/lib/features/family/queries";
import { sharedPlans } from "@/lib/features/family/stored-child";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import { studentHistory } from "@/lib/features/progress/read-model";
import { loadRecentMarks, recentRegisters } from "@/lib/features/progress/recent-marks";
import { halqaRecord, studentRecord } from "@/lib/features/records";
import { semestersFor, surahsFor } from "@/lib/features/reference";
import { reportCard, type ReportCard } from "./card";
import { commentsOf } from "./comments";

export type CardSet = { cards: ReportCard[]; school: School; term: Semester; halqaName: string | null };

type Context = { actor: Actor; school: School; semesters: Semester[]; surahs: Surah[]; db: DashboardDb };

type Live = { session: Session; row: AttendanceRow | null }[];

/**
 * The card of one record: its history from the progress read model with the halqa's latest sessions
 * read live over it (as the family page does, so both read the same), its plans from the plan store,
 * all through `childView`.
 */
async function cardOf(
  ctx: Context,
  student: Student,
  term: Semester,
  halqaName: string | null,
  comment: string | null,
  live: Live,
): Promise<ReportCard> {
  const scope = { connectionId: ctx.actor.connectionId, tenantId: ctx.school.id };
  const [stored, shared] = await Promise.all([
    studentHistory(scope, student.id, ctx.db),
    sharedPlans(ctx.db, scope, student.id),
  ]);
  const locale = ctx.actor.locale;
  const child = childView(
    {
      lineageId: student.lineage_id,
      student,
      school: ctx.school,
      semesters: ctx.semesters,
      surahs: ctx.surahs,
      halqaName,
      recitations: stored.recitations,
      shared,
      stored,
      live,
    },
    locale,
  );
  return reportCard({ child, school: ctx.school, term, today: dateIn(ctx.school.time_zone), comment }, locale);
}

async function contextOf(actor: Actor): Promise<Context> {
  const client = clientFor(actor.connectionId);
  const [school, semesters, surahs, db] = await Promise.all([
    client.tenant(),
    semestersFor(actor.connectionId),
    surahsFor(actor.connectionId),
    dashboardDb(),
  ]);
  return { actor, school, semesters, surahs, db };
}

/**
 * One student's card, or null (404): staff who may see the student (a teacher: their halqas'), or
 * the parent linked to the student's lineage. `semester` picks the lineage's record of that term
 * (default: the record's own), which is checked again, since another term may be another halqa.
 * v1 calls: getStudent, listStudents?lineage_id, getHalqa, and the latest sessions' marks
 * (`loadRecentMarks`, as the family page); school, semesters, surahs cached.
 */
export async function loadStudentCard(actor: Actor, id: string, semester: string | null): Promise<CardSet | null> {
  const record = await studentRecord(actor.connectionId, id);
  if (!record) return null;
  return cardOfLineage(actor, record.lineage_id, semester ?? record.semester_id);
}

/** The card of a lineage's record in a term (the family view links by lineage), or null (404). */
export async function cardOfLineage(
  actor: Actor,
  lineageId: string,
  semesterId: string | null,
): Promise<CardSet | null> {
  const client = clientFor(actor.connectionId);
  const [ctx, subject, records] = await Promise.all([
    contextOf(actor),
    subjectOf(actor),
    client.listAll("listStudents", { query: { lineage_id: lineageId, limit: API_PAGE_SIZE } }),
  ]);
  const ofLineage = records.items.filter((record) => record.lineage_id === lineageId);
  // No term asked: the record the family page shows (the active term's, else the newest).
  const student = semesterId
    ? ofLineage.find((record) => record.semester_id === semesterId)
    : currentRecord(ofLineage, ctx.semesters);
  if (!student) return null;
  const allowed = actor.role === "parent" ? can.viewChild(subject, student) : can.viewStudent(subject, student);
  const term = ctx.semesters.find((s) => s.id === student.semester_id);
  if (!allowed || !term) return null;
  const [halqa, comments, live] = await Promise.all([
    halqaRecord(actor.connectionId, student.halqa_id),
    commentsOf(actor.connectionId, term.id, [student.id], ctx.db),
    loadRecentMarks(actor.connectionId, student),
  ]);
  const card = await cardOf(ctx, student, term, halqa?.name ?? null, comments.get(student.id) ?? null, live);
  return { cards: [card], school: ctx.school, term, halqaName: halqa?.name ?? null };
}

/**
 * Every student's card of a halqa (one term: a halqa id belongs to one semester), by name, or
 * null (404) for a halqa the actor may not see or a `semester` that is not the halqa's.
 * v1 calls: getHalqa, listStudents?halqa_id, listSessions of the halqa and listAttendance of its
 * latest 10 (once for the halqa, not per student); the rest from the dashboard's read models.
 */
export async function loadHalqaCards(actor: Actor, halqaId: string, semester: string | null): Promise<CardSet | null> {
  if (actor.role === "parent") return null;
  const [ctx, subject, halqa] = await Promise.all([
    contextOf(actor),
    subjectOf(actor),
    halqaRecord(actor.connectionId, halqaId),
  ]);
  if (!halqa || !can.viewHalqa(subject, halqa.id) || (semester !== null && semester !== halqa.semester_id)) return null;
  const term = ctx.semesters.find((s) => s.id === halqa.semester_id);
  if (!term) return null;
  const listed = await clientFor(actor.connectionId).listAll("listStudents", {
    query: { halqa_id: halqa.id, limit: API_PAGE_SIZE },
  });
  // Re-checked by the records' own fields: a school may ignore the filter.
  const students = listed.items
    .filter((s) => s.halqa_id === halqa.id)
    .sort((a, b) => a.full_name.localeCompare(b.full_name) || a.id.localeCompare(b.id));
  const [comments, live] = await Promise.all([
    commentsOf(
      actor.connectionId,
      term.id,
      students.map((s) => s.id),
      ctx.db,
    ),
    recentRegisters(actor.connectionId, halqa),
  ]);
  const cards = await Promise.all(
    students.map((s) =>
      cardOf(
        ctx,
        s,
        term,
        halqa.name,
        comments.get(s.id) ?? null,
        live.map(({ session, rows }) => ({ session, row: rows.find((row) => row.student_id === s.id) ?? null })),
      ),
    ),
  );
  return { cards, school: ctx.school, term, halqaName: halqa.name };
}
