import { getTableColumns } from "drizzle-orm";
import type {
  Assignment,
  AttendanceRow,
  Halqa,
  LearningPlan,
  Recitation,
  School,
  Semester,
  Session,
  Sheikh,
  Student,
} from "@/lib/contract";
import * as t from "./db/schema";

/** Row → wire shape, in one place. Sensitive and private columns are left out here, by construction. */
type Row<T extends { $inferSelect: unknown }> = T["$inferSelect"];

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
const audit = (row: { createdAt: Date; updatedAt: Date }) => ({
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

export function toSchool(row: Row<typeof t.schools>): School {
  return {
    id: row.id,
    name: row.name,
    name_ar: row.nameAr,
    time_zone: row.timeZone,
    rating_scale: row.ratingScale,
    ...audit(row),
  };
}

export function toSemester(row: Row<typeof t.semesters>): Semester {
  return {
    id: row.id,
    name: row.name,
    status: row.status as Semester["status"],
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    ...audit(row),
  };
}

export function toHalqa(row: Row<typeof t.halqas>): Halqa {
  return {
    id: row.id,
    lineage_id: row.lineageId,
    semester_id: row.semesterId,
    name: row.name,
    description: row.description,
    is_active: row.isActive,
    ...audit(row),
  };
}

export function toSheikh(row: Row<typeof t.sheikhs>, halqaIds: string[]): Sheikh {
  return { id: row.id, name: row.name, halqa_ids: halqaIds, ...audit(row) };
}

/** The columns v1 may return; sensitive and private ones are never selected. */
export const studentColumns = {
  id: t.students.id,
  lineageId: t.students.lineageId,
  semesterId: t.students.semesterId,
  halqaId: t.students.halqaId,
  fullName: t.students.fullName,
  preferredName: t.students.preferredName,
  status: t.students.status,
  enrolledOn: t.students.enrolledOn,
  createdAt: t.students.createdAt,
  updatedAt: t.students.updatedAt,
};
export type StudentPublicRow = Pick<Row<typeof t.students>, keyof typeof studentColumns>;

export function toStudent(row: StudentPublicRow): Student {
  return {
    id: row.id,
    lineage_id: row.lineageId,
    semester_id: row.semesterId,
    halqa_id: row.halqaId,
    full_name: row.fullName,
    preferred_name: row.preferredName,
    status: row.status,
    enrolled_on: row.enrolledOn,
    ...audit(row),
  };
}

export function toSession(row: Row<typeof t.sessions>): Session {
  return {
    id: row.id,
    halqa_id: row.halqaId,
    sheikh_id: row.sheikhId,
    semester_id: row.semesterId,
    status: row.status as Session["status"],
    date: row.date,
    starts_at: iso(row.startsAt),
    ended_at: isoOrNull(row.endedAt),
    topic: row.topic,
    ...audit(row),
  };
}

export function toAttendance(row: Row<typeof t.attendance>): AttendanceRow {
  return {
    id: row.id,
    session_id: row.sessionId,
    student_id: row.studentId,
    status: row.status as AttendanceRow["status"],
    late_minutes: row.lateMinutes,
    note: row.note,
    ...audit(row),
  };
}

const { privateNote, ...recitationPublic } = getTableColumns(t.recitations);
void privateNote;
export const recitationColumns = recitationPublic;
export type RecitationPublicRow = Omit<Row<typeof t.recitations>, "privateNote">;

export function toRecitation(row: RecitationPublicRow): Recitation {
  return {
    id: row.id,
    session_id: row.sessionId,
    student_id: row.studentId,
    kind: row.kind as Recitation["kind"],
    range: { start: { surah: row.startSurah, ayah: row.startAyah }, end: { surah: row.endSurah, ayah: row.endAyah } },
    rating: row.rating,
    mistakes: row.mistakes,
    note: row.note,
    recorded_at: iso(row.recordedAt),
    ...audit(row),
  };
}

export type EffectivePolicy = Pick<LearningPlan, "publication_policy" | "automation_paused" | "policy_source">;

export function toPlan(row: Row<typeof t.learningPlans>, policy: EffectivePolicy): LearningPlan {
  return {
    id: row.id,
    student_id: row.studentId,
    semester_id: row.semesterId,
    name: row.name,
    period_start: row.periodStart,
    target_completion_date: row.targetCompletionDate,
    direction: row.direction as LearningPlan["direction"],
    start_position: { surah: row.startSurah, ayah: row.startAyah },
    destination_position: { surah: row.destinationSurah, ayah: row.destinationAyah },
    status: row.status,
    workload_dataset_id: row.workloadDatasetId,
    ...policy,
    tracks: row.tracks,
    ...audit(row),
  };
}

const { staffNote, ...assignmentPublic } = getTableColumns(t.assignments);
void staffNote;
export const assignmentColumns = assignmentPublic;
export type AssignmentPublicRow = Omit<Row<typeof t.assignments>, "staffNote">;

export function toAssignment(row: AssignmentPublicRow): Assignment {
  return {
    id: row.id,
    plan_id: row.planId,
    student_id: row.studentId,
    due_date: row.dueDate,
    status: row.status,
    source: row.source,
    explanation: row.explanation,
    published_at: isoOrNull(row.publishedAt),
    started_at: isoOrNull(row.startedAt),
    completed_at: isoOrNull(row.completedAt),
    superseded_at: isoOrNull(row.supersededAt),
    replaced_by_assignment_id: row.replacedByAssignmentId,
    segments: row.segments,
    ...audit(row),
  };
}
