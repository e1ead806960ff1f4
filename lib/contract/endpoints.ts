import { z } from "zod";
import { boundedCollection, collection, single } from "./common";
import {
  AttendanceUpsert,
  AttendanceUpsertResult,
  RecitationCreate,
  SessionCreate,
  SessionUpdate,
  StudentCreate,
  StudentUpdate,
} from "./bodies";
import {
  AssignmentListQuery,
  AttendanceListQuery,
  HalqaListQuery,
  NoQuery,
  PlanListQuery,
  SemesterListQuery,
  SessionListQuery,
  SessionRecitationListQuery,
  SheikhListQuery,
  StudentListQuery,
  StudentRecitationListQuery,
} from "./queries";
import {
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
  Surah,
} from "./resources";
import type { Scope } from "./scopes";

export type Method = "GET" | "POST" | "PUT" | "PATCH";

export type Endpoint = {
  method: Method;
  /** Relative to `/api/v1`; `{name}` segments are opaque ids (or a Surah number). */
  path: string;
  /** `null`: a valid key is enough (Surahs). */
  scope: Scope | null;
  /** Learning Plans need the feature enabled for the school (spec rule 8). */
  feature?: "learning_plans";
  query: z.ZodType<Record<string, unknown>, Record<string, string>>;
  body?: z.ZodType;
  response: z.ZodType;
  /** HTTP status of a success. */
  status: 200 | 201;
  summary: string;
  /** Accepts an `Idempotency-Key` header (create operations). */
  idempotent?: boolean;
};

function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** Every operation of spec part 4: the one table the server, the client and the OpenAPI document share. */
export const endpoints = {
  getSchool: endpoint({
    method: "GET",
    path: "/school",
    scope: "school:read",
    query: NoQuery,
    response: single(School),
    status: 200,
    summary: "The school attached to the key",
  }),
  listSemesters: endpoint({
    method: "GET",
    path: "/semesters",
    scope: "semesters:read",
    query: SemesterListQuery,
    response: collection(Semester),
    status: 200,
    summary: "List semesters (planned, active, archived)",
  }),
  getSemester: endpoint({
    method: "GET",
    path: "/semesters/{id}",
    scope: "semesters:read",
    query: NoQuery,
    response: single(Semester),
    status: 200,
    summary: "One semester",
  }),
  listHalqas: endpoint({
    method: "GET",
    path: "/halqas",
    scope: "halqas:read",
    query: HalqaListQuery,
    response: collection(Halqa),
    status: 200,
    summary: "List halqas",
  }),
  getHalqa: endpoint({
    method: "GET",
    path: "/halqas/{id}",
    scope: "halqas:read",
    query: NoQuery,
    response: single(Halqa),
    status: 200,
    summary: "One semester-specific halqa",
  }),
  listSheikhs: endpoint({
    method: "GET",
    path: "/sheikhs",
    scope: "sheikhs:read",
    query: SheikhListQuery,
    response: collection(Sheikh),
    status: 200,
    summary: "Currently eligible sheikhs (not an incremental feed)",
  }),
  getSheikh: endpoint({
    method: "GET",
    path: "/sheikhs/{id}",
    scope: "sheikhs:read",
    query: NoQuery,
    response: single(Sheikh),
    status: 200,
    summary: "One currently eligible sheikh",
  }),
  listStudents: endpoint({
    method: "GET",
    path: "/students",
    scope: "students:read",
    query: StudentListQuery,
    response: collection(Student),
    status: 200,
    summary: "List students",
  }),
  getStudent: endpoint({
    method: "GET",
    path: "/students/{id}",
    scope: "students:read",
    query: NoQuery,
    response: single(Student),
    status: 200,
    summary: "One student",
  }),
  createStudent: endpoint({
    method: "POST",
    path: "/students",
    scope: "students:write",
    query: NoQuery,
    body: StudentCreate,
    response: single(Student),
    status: 201,
    summary: "Create a student",
    idempotent: true,
  }),
  updateStudent: endpoint({
    method: "PATCH",
    path: "/students/{id}",
    scope: "students:write",
    query: NoQuery,
    body: StudentUpdate,
    response: single(Student),
    status: 200,
    summary: "Update documented student fields",
  }),
  listSessions: endpoint({
    method: "GET",
    path: "/sessions",
    scope: "sessions:read",
    query: SessionListQuery,
    response: collection(Session),
    status: 200,
    summary: "List sessions",
  }),
  getSession: endpoint({
    method: "GET",
    path: "/sessions/{id}",
    scope: "sessions:read",
    query: NoQuery,
    response: single(Session),
    status: 200,
    summary: "One session",
  }),
  createSession: endpoint({
    method: "POST",
    path: "/sessions",
    scope: "sessions:write",
    query: NoQuery,
    body: SessionCreate,
    response: single(Session),
    status: 201,
    summary: "Create a session",
    idempotent: true,
  }),
  updateSession: endpoint({
    method: "PATCH",
    path: "/sessions/{id}",
    scope: "sessions:write",
    query: NoQuery,
    body: SessionUpdate,
    response: single(Session),
    status: 200,
    summary: "Update a session",
  }),
  endSession: endpoint({
    method: "POST",
    path: "/sessions/{id}/end",
    scope: "sessions:write",
    query: NoQuery,
    response: single(Session),
    status: 200,
    summary: "End a session",
  }),
  listAttendance: endpoint({
    method: "GET",
    path: "/sessions/{id}/attendance",
    scope: "attendance:read",
    query: AttendanceListQuery,
    response: collection(AttendanceRow),
    status: 200,
    summary: "Attendance of a session",
  }),
  upsertAttendance: endpoint({
    method: "PUT",
    path: "/sessions/{id}/attendance",
    scope: "attendance:write",
    query: NoQuery,
    body: AttendanceUpsert,
    response: single(AttendanceUpsertResult),
    status: 200,
    summary: "Batch upsert: only the supplied students change",
  }),
  listSessionRecitations: endpoint({
    method: "GET",
    path: "/sessions/{id}/recitations",
    scope: "recitations:read",
    query: SessionRecitationListQuery,
    response: collection(Recitation),
    status: 200,
    summary: "Recitations of a session",
  }),
  listStudentRecitations: endpoint({
    method: "GET",
    path: "/students/{id}/recitations",
    scope: "recitations:read",
    query: StudentRecitationListQuery,
    response: collection(Recitation),
    status: 200,
    summary: "Recitations of a student",
  }),
  createRecitation: endpoint({
    method: "POST",
    path: "/sessions/{id}/recitations",
    scope: "recitations:write",
    query: NoQuery,
    body: RecitationCreate,
    response: single(Recitation),
    status: 201,
    summary: "Record a recitation",
    idempotent: true,
  }),
  listSurahs: endpoint({
    method: "GET",
    path: "/surahs",
    scope: null,
    query: NoQuery,
    response: boundedCollection(Surah, 114),
    status: 200,
    summary: "All 114 Surahs, never paginated",
  }),
  getSurah: endpoint({
    method: "GET",
    path: "/surahs/{number}",
    scope: null,
    query: NoQuery,
    response: single(Surah),
    status: 200,
    summary: "One Surah, number 1 to 114",
  }),
  listPlans: endpoint({
    method: "GET",
    path: "/learning-plans",
    scope: "learning_plans:read",
    feature: "learning_plans",
    query: PlanListQuery,
    response: collection(LearningPlan),
    status: 200,
    summary: "List learning plans (read-only)",
  }),
  getPlan: endpoint({
    method: "GET",
    path: "/learning-plans/{id}",
    scope: "learning_plans:read",
    feature: "learning_plans",
    query: NoQuery,
    response: single(LearningPlan),
    status: 200,
    summary: "One learning plan",
  }),
  listAssignments: endpoint({
    method: "GET",
    path: "/learning-plans/{id}/assignments",
    scope: "learning_plans:read",
    feature: "learning_plans",
    query: AssignmentListQuery,
    response: collection(Assignment),
    status: 200,
    summary: "Assignment and supersession history of a plan",
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type ResponseOf<N extends EndpointName> = z.infer<Endpoints[N]["response"]>;
export type QueryOf<N extends EndpointName> = z.input<Endpoints[N]["query"]>;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never;
