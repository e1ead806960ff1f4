import type * as t from "../db/schema";

/** Insert shapes of every table the seeds fill, built in memory and inserted in batches. */
export type SchoolRow = typeof t.schools.$inferInsert;
export type KeyRow = typeof t.apiKeys.$inferInsert;
export type SemesterRow = typeof t.semesters.$inferInsert;
export type HalqaRow = typeof t.halqas.$inferInsert;
export type SheikhRow = typeof t.sheikhs.$inferInsert;
export type HalqaSheikhRow = typeof t.halqaSheikhs.$inferInsert;
export type StudentRow = typeof t.students.$inferInsert;
export type SessionRow = typeof t.sessions.$inferInsert;
export type AttendanceInsert = typeof t.attendance.$inferInsert;
export type RecitationRow = typeof t.recitations.$inferInsert;
export type PlanRow = typeof t.learningPlans.$inferInsert;
export type AssignmentRow = typeof t.assignments.$inferInsert;

export type SeedRows = {
  schools: SchoolRow[];
  semesters: SemesterRow[];
  halqas: HalqaRow[];
  sheikhs: SheikhRow[];
  halqaSheikhs: HalqaSheikhRow[];
  students: StudentRow[];
  sessions: SessionRow[];
  attendance: AttendanceInsert[];
  recitations: RecitationRow[];
  plans: PlanRow[];
  assignments: AssignmentRow[];
  apiKeys: KeyRow[];
};

export function emptyRows(): SeedRows {
  return {
    schools: [],
    semesters: [],
    halqas: [],
    sheikhs: [],
    halqaSheikhs: [],
    students: [],
    sessions: [],
    attendance: [],
    recitations: [],
    plans: [],
    assignments: [],
    apiKeys: [],
  };
}
