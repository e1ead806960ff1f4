import { z } from "zod";
import { CalendarDate, Id, PageQuery, QueryBool, SyncQuery, text } from "./common";
import { ATTENDANCE_STATUSES, RECITATION_KINDS, SEMESTER_STATUSES, SESSION_STATUSES } from "./resources";

/**
 * Query strings are strict: an unknown parameter is a 400, so a typo never silently widens
 * a result. Filters on open state sets accept any non-empty value.
 */
const state = text(40).min(1);

export const NoQuery = z.strictObject({});
export const SemesterListQuery = z.strictObject({
  ...PageQuery,
  ...SyncQuery,
  status: z.enum(SEMESTER_STATUSES).optional(),
});
export const HalqaListQuery = z.strictObject({
  ...PageQuery,
  ...SyncQuery,
  semester_id: Id.optional(),
  active: QueryBool.optional().meta({ description: "`true` or `false`: the halqa's active state." }),
  lineage_id: Id.optional(),
});
export const SheikhListQuery = z.strictObject({ ...PageQuery, halqa_id: Id.optional() });
export const StudentListQuery = z.strictObject({
  ...PageQuery,
  ...SyncQuery,
  status: state.optional(),
  halqa_id: Id.optional(),
  semester_id: Id.optional(),
  lineage_id: Id.optional(),
});
export const SessionListQuery = z.strictObject({
  ...PageQuery,
  ...SyncQuery,
  halqa_id: Id.optional(),
  sheikh_id: Id.optional(),
  semester_id: Id.optional(),
  status: z.enum(SESSION_STATUSES).optional(),
  date_from: CalendarDate.optional().meta({ description: "Sessions on or after this date." }),
  date_to: CalendarDate.optional().meta({ description: "Sessions on or before this date." }),
});
export const AttendanceListQuery = z.strictObject({ ...PageQuery, status: z.enum(ATTENDANCE_STATUSES).optional() });
export const SessionRecitationListQuery = z.strictObject({
  ...PageQuery,
  student_id: Id.optional(),
  kind: z.enum(RECITATION_KINDS).optional(),
});
export const StudentRecitationListQuery = z.strictObject({
  ...PageQuery,
  ...SyncQuery,
  kind: z.enum(RECITATION_KINDS).optional(),
});
export const PlanListQuery = z.strictObject({
  ...PageQuery,
  ...SyncQuery,
  status: state.optional(),
  student_id: Id.optional(),
});
export const AssignmentListQuery = z.strictObject({ ...PageQuery, status: state.optional() });
