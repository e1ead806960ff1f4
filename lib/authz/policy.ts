import type { Role } from "@/lib/db/schema";

export type { Role };

/**
 * Who may do what, decided here and nowhere else. The school's key is shared by everyone, so the
 * dashboard itself must refuse: every page, server action and route handler asks this module.
 * Objects come from the actor's own school connection, so another school's records never arrive.
 */
export type Subject = {
  role: Role;
  /** Sheikh ids a teacher is linked to. */
  sheikhIds: readonly string[];
  /** Halqa ids a teacher may teach now (from the linked sheikhs' `halqa_ids`). */
  halqaIds: ReadonlySet<string>;
  /** Student lineage ids a parent is linked to. */
  studentLineageIds: readonly string[];
};

export type SessionRef = { halqa_id: string; sheikh_id: string };
export type StudentRef = { halqa_id: string; lineage_id: string };

const isAdmin = (s: Subject) => s.role === "admin";
const teaches = (s: Subject, halqaId: string) => s.role === "teacher" && s.halqaIds.has(halqaId);
const ownsSession = (s: Subject, session: SessionRef) =>
  s.role === "teacher" && (s.sheikhIds.includes(session.sheikh_id) || s.halqaIds.has(session.halqa_id));

export const can = {
  useStaffPages: (s: Subject) => s.role === "admin" || s.role === "teacher",
  manageUsers: (s: Subject) => isAdmin(s),
  viewConnectionHealth: (s: Subject) => isAdmin(s),
  viewAuditLog: (s: Subject) => isAdmin(s),
  viewAllHalqas: (s: Subject) => isAdmin(s),
  viewHalqa: (s: Subject, halqaId: string) => isAdmin(s) || teaches(s, halqaId),
  viewStudent: (s: Subject, student: StudentRef) => isAdmin(s) || teaches(s, student.halqa_id),
  createStudent: (s: Subject) => isAdmin(s),
  updateStudent: (s: Subject) => isAdmin(s),
  viewSession: (s: Subject, session: SessionRef) => isAdmin(s) || ownsSession(s, session),
  /** A teacher starts sessions only as one of their own sheikhs, in a halqa they teach. */
  createSession: (s: Subject, halqaId: string, sheikhId: string) =>
    isAdmin(s) || (teaches(s, halqaId) && s.sheikhIds.includes(sheikhId)),
  updateSession: (s: Subject, session: SessionRef) => isAdmin(s) || ownsSession(s, session),
  endSession: (s: Subject, session: SessionRef) => isAdmin(s) || ownsSession(s, session),
  markAttendance: (s: Subject, session: SessionRef) => isAdmin(s) || ownsSession(s, session),
  recordRecitation: (s: Subject, session: SessionRef) => isAdmin(s) || ownsSession(s, session),
  viewPlans: (s: Subject) => isAdmin(s) || s.role === "teacher",
  viewPlanOf: (s: Subject, student: StudentRef) => isAdmin(s) || teaches(s, student.halqa_id),
  /** Starting a plan sync cycle for the school (the scheduler runs them too). */
  syncPlans: (s: Subject) => isAdmin(s),
  /** The school's settings of the progress views ("not heard in N days"). */
  manageProgressSettings: (s: Subject) => isAdmin(s),
  manageNotices: (s: Subject) => isAdmin(s),
  /** The school's default language for new users, its digits and its order of the Hijri and Gregorian dates. */
  manageLanguages: (s: Subject) => isAdmin(s),
  /** The timetable of halqas (the dashboard's own data) and the school's overview. */
  manageTimetable: (s: Subject) => isAdmin(s),
  /** The school at a glance (/admin): every halqa's registers, figures and teachers. */
  viewOverview: (s: Subject) => isAdmin(s),
  /** Parents see only their own children, across semesters (by lineage). */
  viewChild: (s: Subject, student: StudentRef) =>
    s.role === "parent" && s.studentLineageIds.includes(student.lineage_id),
} as const;

export type Ability = keyof typeof can;
