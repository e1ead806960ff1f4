import { z } from "zod";
import { CalendarDate, Id, Int32, openEnum, QuranPosition, QuranRange, text, Timestamp } from "./common";
import {
  SEMESTER_STATUSES,
  STUDENT_STATUSES,
  SESSION_STATUSES,
  ATTENDANCE_STATUSES,
  RECITATION_KINDS,
  PLAN_STATUSES,
  PLAN_DIRECTIONS,
  PUBLICATION_POLICIES,
  POLICY_SOURCES,
  TRACK_UNITS,
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_SOURCES,
} from "./enums";

export * from "./enums";

/** Response limits: what the server stores fits them (request bodies are stricter, see bodies.ts). */
const NAME_MAX = 200;
const TEXT_MAX = 2000;

const audit = { created_at: Timestamp, updated_at: Timestamp };

export const RatingLevel = z.object({
  value: Int32,
  label: text(NAME_MAX),
  label_ar: text(NAME_MAX),
});
export type RatingLevel = z.infer<typeof RatingLevel>;

export const School = z
  .object({
    id: Id,
    name: text(NAME_MAX),
    name_ar: text(NAME_MAX).nullable(),
    time_zone: text(64).meta({ description: "IANA time zone; session dates are calendar dates in it." }),
    rating_scale: z
      .array(RatingLevel)
      .min(2)
      .max(20)
      .meta({ description: "Recitation ratings this school accepts, lowest first." }),
    ...audit,
  })
  .meta({ id: "School" });
export type School = z.infer<typeof School>;

export const Semester = z
  .object({
    id: Id,
    name: text(NAME_MAX),
    status: z.enum(SEMESTER_STATUSES),
    starts_on: CalendarDate,
    ends_on: CalendarDate,
    ...audit,
  })
  .meta({ id: "Semester" });
export type Semester = z.infer<typeof Semester>;

export const Halqa = z
  .object({
    id: Id,
    lineage_id: Id.meta({ description: "Shared by the same halqa carried forward across semesters." }),
    semester_id: Id,
    name: text(NAME_MAX),
    description: text(TEXT_MAX).nullable(),
    is_active: z.boolean(),
    ...audit,
  })
  .meta({ id: "Halqa" });
export type Halqa = z.infer<typeof Halqa>;

export const Sheikh = z
  .object({
    id: Id,
    name: text(NAME_MAX),
    halqa_ids: z.array(Id).max(1000).meta({ description: "Halqas this sheikh is currently eligible to teach." }),
    ...audit,
  })
  .meta({ id: "Sheikh" });
export type Sheikh = z.infer<typeof Sheikh>;

export const Student = z
  .object({
    id: Id,
    lineage_id: Id.meta({ description: "Shared by the student's semester-specific records." }),
    semester_id: Id,
    halqa_id: Id,
    full_name: text(NAME_MAX),
    preferred_name: text(NAME_MAX).nullable(),
    status: openEnum(STUDENT_STATUSES, "Enrolment status."),
    enrolled_on: CalendarDate.nullable(),
    ...audit,
  })
  .meta({ id: "Student" });
export type Student = z.infer<typeof Student>;

export const Session = z
  .object({
    id: Id,
    halqa_id: Id,
    sheikh_id: Id,
    semester_id: Id,
    status: z.enum(SESSION_STATUSES),
    date: CalendarDate,
    starts_at: Timestamp,
    ended_at: Timestamp.nullable(),
    topic: text(TEXT_MAX).nullable(),
    ...audit,
  })
  .meta({ id: "Session" });
export type Session = z.infer<typeof Session>;

export const AttendanceRow = z
  .object({
    id: Id,
    session_id: Id,
    student_id: Id,
    status: z.enum(ATTENDANCE_STATUSES),
    late_minutes: Int32.nullable(),
    note: text(TEXT_MAX).nullable(),
    ...audit,
  })
  .meta({ id: "AttendanceRow" });
export type AttendanceRow = z.infer<typeof AttendanceRow>;

export const Recitation = z
  .object({
    id: Id,
    session_id: Id,
    student_id: Id,
    kind: z.enum(RECITATION_KINDS),
    range: QuranRange,
    rating: Int32,
    mistakes: Int32.nullable(),
    note: text(TEXT_MAX).nullable(),
    recorded_at: Timestamp,
    ...audit,
  })
  .meta({ id: "Recitation" });
export type Recitation = z.infer<typeof Recitation>;

export const Surah = z
  .object({
    number: Int32.min(1).max(114),
    name_arabic: text(NAME_MAX),
    name_transliteration: text(NAME_MAX),
    name_english: text(NAME_MAX),
    ayah_count: Int32,
    revelation_place: z.enum(["meccan", "medinan"]),
    start_juz: Int32,
    start_page: Int32,
  })
  .meta({ id: "Surah" });
export type Surah = z.infer<typeof Surah>;

export const WorkloadTrack = z
  .object({
    type: z.enum(RECITATION_KINDS),
    unit: openEnum(TRACK_UNITS, "Unit of target and tolerance."),
    target: z.number().min(0).max(1e6).meta({ description: "Amount per assignment, in `unit`." }),
    tolerance: z.number().min(0).max(1e6).meta({ description: "Accepted deviation from target, in `unit`." }),
    next_position: QuranPosition.nullable(),
    completed_at: Timestamp.nullable(),
  })
  .meta({ id: "WorkloadTrack" });
export type WorkloadTrack = z.infer<typeof WorkloadTrack>;

export const LearningPlan = z
  .object({
    id: Id,
    student_id: Id,
    semester_id: Id.nullable(),
    name: text(NAME_MAX),
    period_start: CalendarDate,
    target_completion_date: CalendarDate,
    direction: z.enum(PLAN_DIRECTIONS),
    start_position: QuranPosition,
    destination_position: QuranPosition,
    status: openEnum(PLAN_STATUSES, "Plan state."),
    workload_dataset_id: text(255),
    publication_policy: openEnum(
      PUBLICATION_POLICIES,
      "Currently effective publication policy (response state, not creation data).",
    ),
    automation_paused: z.boolean().meta({ description: "Currently effective automation pause." }),
    policy_source: openEnum(POLICY_SOURCES, "Where the effective policy comes from."),
    tracks: z.array(WorkloadTrack).max(20),
    ...audit,
  })
  .meta({ id: "LearningPlan" });
export type LearningPlan = z.infer<typeof LearningPlan>;

export const AssignmentSegment = z
  .object({
    order: Int32.min(1),
    track_type: z.enum(RECITATION_KINDS),
    range: QuranRange,
  })
  .meta({ id: "AssignmentSegment" });
export type AssignmentSegment = z.infer<typeof AssignmentSegment>;

export const Assignment = z
  .object({
    id: Id,
    plan_id: Id,
    student_id: Id,
    due_date: CalendarDate,
    status: openEnum(ASSIGNMENT_STATUSES, "Lifecycle state; includes staff-only states that must never reach parents."),
    source: openEnum(ASSIGNMENT_SOURCES, "Who produced the assignment."),
    explanation: text(TEXT_MAX).nullable().meta({ description: "Safe explanation, free of private staff notes." }),
    published_at: Timestamp.nullable(),
    started_at: Timestamp.nullable(),
    completed_at: Timestamp.nullable(),
    superseded_at: Timestamp.nullable(),
    replaced_by_assignment_id: Id.nullable(),
    segments: z.array(AssignmentSegment).max(100).meta({ description: "Ordered canonical Quran segments." }),
    ...audit,
  })
  .meta({ id: "Assignment" });
export type Assignment = z.infer<typeof Assignment>;
