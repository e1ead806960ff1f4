import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import type { AttendanceRow, RatingLevel, Recitation, School, Semester, Session, Student, Surah } from "@/lib/contract";
import { missingAsNull } from "@/lib/features/records";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import {
  toParentAssignments,
  toParentPlanProgress,
  splitParentAssignments,
  type ParentAssignment,
  type ParentPlanProgress,
} from "@/lib/features/plans/parent-view";
import type { MapRecitation } from "@/lib/features/progress/quran-map";
import { studentHistory, type StudentHistory } from "@/lib/features/progress/read-model";
import { attendanceFacts, latestSessions, studentWindow, type AttendanceFacts } from "@/lib/features/progress/figures";
import { dateIn } from "@/lib/dates";
import { loadRecentMarks } from "@/lib/features/progress/recent-marks";
import { withLineage } from "@/lib/features/progress/student-progress";
import { availabilityOf } from "@/lib/features/plans/queries";
import { semestersFor, surahsFor } from "@/lib/features/reference";
import { newestRecitationsFirst, ratingLabel } from "@/lib/features/students/recitations";
import type { Locale } from "@/lib/i18n/core";
import { calledName, documentName } from "@/lib/features/students/display-names";

/** Recitations a family page lists (newest first). */
export const RECENT_RECITATIONS = 10;
/** Sessions the family page's attendance table lists (newest first). */
export const RECENT_SESSIONS = 10;

/**
 * The record of a child (by lineage) a family page shows: the one in the active semester, else
 * the newest. Student records are per semester; a parent's link is the lineage.
 */
export function currentRecord(records: readonly Student[], semesters: readonly Semester[]): Student | null {
  const active = new Set(semesters.filter((semester) => semester.status === "active").map((semester) => semester.id));
  return (
    records.find((record) => active.has(record.semester_id)) ??
    records.toSorted((a, b) => b.created_at.localeCompare(a.created_at))[0] ??
    null
  );
}

export type ChildSummary = { lineageId: string; name: string };

/**
 * The parent's children for the switcher: each linked lineage's current record, by name.
 * v1 calls: listStudents?lineage_id per linked child, concurrently; semesters cached.
 */
export async function loadChildren(actor: Actor): Promise<ChildSummary[]> {
  const client = clientFor(actor.connectionId);
  const semesters = await semestersFor(actor.connectionId);
  const children = await Promise.all(
    actor.studentLineageIds.map(async (lineageId) => {
      const records = await client.listAll("listStudents", { query: { lineage_id: lineageId, limit: API_PAGE_SIZE } });
      const record = currentRecord(records.items, semesters);
      return record ? { lineageId, name: calledName(record) } : null;
    }),
  );
  return children.filter((child): child is ChildSummary => child !== null).sort((a, b) => a.name.localeCompare(b.name));
}

/** One session's mark as a family sees it: no note (teachers' notes stay with staff). */
export type FamilyAttendance = {
  date: string;
  startsAt: string;
  status: AttendanceRow["status"] | null;
  lateMinutes: number | null;
  open: boolean;
};
/** One recitation as a family sees it: no note, the rating in the school's words. */
export type FamilyRecitation = {
  id: string;
  recordedAt: string;
  kind: Recitation["kind"];
  range: Recitation["range"];
  rating: string;
  mistakes: number | null;
};

/** Everything a child's page may show, built field by field: nothing else of the records reaches the page. */
export type ChildView = {
  lineageId: string;
  /** What the family page calls the child (calledName). */
  name: string;
  /** The child's name on a report card or certificate (documentName): in full. */
  documentName: string;
  halqaName: string | null;
  semesterName: string | null;
  attendance: FamilyAttendance[];
  recitations: FamilyRecitation[];
  /** Null when the school does not share learning plans with the dashboard. */
  assignments: { current: ParentAssignment[]; completed: ParentAssignment[] } | null;
  /** The current plan's progress (parent allowlist of plan states), null without one. */
  plan: ParentPlanProgress | null | "unavailable";
  /** Over every session of the child's halqas since enrolment (the progress read model). */
  attendanceFacts: AttendanceFacts;
  /** What the child's Quran map is drawn from: every recitation, reduced to the fields a map shows. */
  progress: { recitations: MapRecitation[]; ratingScale: RatingLevel[]; timeZone: string };
  surahs: ReadonlyMap<number, { number: number; name_arabic: string; name_transliteration: string }>;
};

/**
 * One child of the signed-in parent, or null (404) — checked against the parent's own links
 * before anything is read, then against the record itself. Assignments pass the parent allowlist
 * (`toParentAssignments`) here, on the server, before anything is rendered.
 * v1 calls: listStudents?lineage_id; then getHalqa, listSessions of the halqa, the child's
 * recitations and listPlans?student_id concurrently; then listAttendance of the 10 most recent
 * sessions and listAssignments per plan, concurrently. School, semesters and surahs cached.
 * Attendance: the progress read model with those 10 sessions read live (`withLive`).
 */
export async function loadChild(actor: Actor, lineageId: string, locale: Locale): Promise<ChildView | null> {
  if (actor.role !== "parent" || !actor.studentLineageIds.includes(lineageId)) return null;
  const client = clientFor(actor.connectionId);
  const [records, semesters, subject] = await Promise.all([
    client.listAll("listStudents", { query: { lineage_id: lineageId, limit: API_PAGE_SIZE } }),
    semestersFor(actor.connectionId),
    subjectOf(actor),
  ]);
  const student = currentRecord(records.items, semesters);
  if (!student || !can.viewChild(subject, student)) return null;

  const plans = client
    .listAll("listPlans", { query: { student_id: student.id, limit: API_PAGE_SIZE } })
    .then(async ({ items }) => {
      const histories = await Promise.all(
        items.map((plan) =>
          client.listAll("listAssignments", { params: { id: plan.id }, query: { limit: API_PAGE_SIZE } }),
        ),
      );
      return {
        assignments: splitParentAssignments(toParentAssignments(histories.flatMap((history) => history.items))),
        plan: toParentPlanProgress(items),
      };
    })
    .catch((error: unknown) => {
      availabilityOf(error); // rethrows anything but "plans are not shared"
      return null;
    });
  // The child's whole history (every record of the lineage) from the progress read model: no v1 call.
  const history = client
    .tenant()
    .then((school) => studentHistory({ connectionId: actor.connectionId, tenantId: school.id }, student.id));
  const [school, surahs, halqa, recitations, shared, stored, live] = await Promise.all([
    client.tenant(),
    surahsFor(actor.connectionId),
    client.call("getHalqa", { params: { id: student.halqa_id } }).catch(missingAsNull),
    client.listAll("listStudentRecitations", { params: { id: student.id }, query: { limit: API_PAGE_SIZE } }),
    plans,
    history,
    loadRecentMarks(actor.connectionId, student),
  ]);
  return childView(
    {
      lineageId,
      student,
      school,
      semesters,
      surahs,
      halqaName: halqa?.name ?? null,
      recitations: recitations.items,
      shared,
      stored,
      live,
    },
    locale,
  );
}

/** What a child's view is made of, read live (the family page) or from the read models (the weekly summary). */
export type ChildParts = {
  lineageId: string;
  student: Student;
  school: School;
  semesters: readonly Semester[];
  surahs: readonly Surah[];
  halqaName: string | null;
  /** The child's recitations as the school has them (any order); the stored ones of earlier records are added. */
  recitations: readonly Recitation[];
  /** Assignments and plan progress of the parent allowlist; null when the school does not share plans. */
  shared: { assignments: ChildView["assignments"]; plan: ParentPlanProgress | null } | null;
  stored: StudentHistory;
  /** The latest sessions read live, merged over the stored ones (`withLive`); none from the store. */
  live: { session: Session; row: AttendanceRow | null }[];
  /** Every session dated from this day is listed, past the usual ten (a weekly summary's week). */
  listedFrom?: string;
};

/** The one place a child's records become what a family may see: field by field, nothing else. */
export function childView(
  {
    lineageId,
    student,
    school,
    semesters,
    surahs,
    halqaName,
    recitations,
    shared,
    stored,
    live,
    listedFrom,
  }: ChildParts,
  locale: Locale,
): ChildView {
  // The table and the figures above it count the same sessions (figures.ts): they cannot disagree.
  const window = studentWindow(stored.attendance, live, student, dateIn(school.time_zone));
  const listed = Math.max(
    RECENT_SESSIONS,
    listedFrom ? window.filter(({ session }) => session.date >= listedFrom).length : 0,
  );
  return {
    lineageId,
    name: calledName(student),
    documentName: documentName(student),
    halqaName,
    semesterName: semesters.find((semester) => semester.id === student.semester_id)?.name ?? null,
    attendance: latestSessions(window, listed).map(({ session, row }) => ({
      date: session.date,
      startsAt: session.starts_at,
      status: row?.status ?? null,
      lateMinutes: row?.late_minutes ?? null,
      open: session.status === "open",
    })),
    attendanceFacts: attendanceFacts(window),
    recitations: newestRecitationsFirst([...recitations])
      .slice(0, RECENT_RECITATIONS)
      .map((recitation) => ({
        id: recitation.id,
        recordedAt: recitation.recorded_at,
        kind: recitation.kind,
        range: recitation.range,
        rating: ratingLabel(school.rating_scale, recitation.rating, locale),
        mistakes: recitation.mistakes,
      })),
    assignments: shared?.assignments ?? null,
    plan: shared ? shared.plan : "unavailable",
    progress: {
      // Field by field: a recitation's note is a teacher's note and never leaves the server.
      recitations: withLineage([...recitations], stored.recitations).map(
        ({ id, kind, range, rating, recorded_at }) => ({ id, kind, range, rating, recorded_at }),
      ),
      ratingScale: school.rating_scale,
      timeZone: school.time_zone,
    },
    surahs: new Map(
      surahs.map((surah) => [
        surah.number,
        { number: surah.number, name_arabic: surah.name_arabic, name_transliteration: surah.name_transliteration },
      ]),
    ),
  };
}
