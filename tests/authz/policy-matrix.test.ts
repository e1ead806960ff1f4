/**
 * lib/authz/policy.ts as a matrix: every ability × role (admin, teacher, parent) × object (own,
 * other of the same school, other school), each cell with its expected answer.
 *
 * "scoped" cells are where the policy itself says yes (an admin may act on any object of the
 * school) and the other school's object is kept out by the connection instead: the actor's client
 * never loads it. actions-matrix.test.ts proves those cells deny against a real API.
 */
import { describe, expect, it } from "vitest";
import { can, type Ability, type SessionRef, type StudentRef, type Subject } from "@/lib/authz/policy";

type Expected = "allow" | "deny" | "scoped";
type Role = "admin" | "teacher" | "parent";
type Place = "own" | "other" | "otherSchool";
type Row = Record<Role, readonly [own: Expected, other: Expected, otherSchool: Expected]>;

const subjects: Record<Role, Subject> = {
  admin: { role: "admin", sheikhIds: [], halqaIds: new Set(), studentLineageIds: [] },
  teacher: {
    role: "teacher",
    sheikhIds: ["shk_own"],
    halqaIds: new Set(["hlq_own", "hlq_own2"]),
    studentLineageIds: [],
  },
  parent: { role: "parent", sheikhIds: [], halqaIds: new Set(), studentLineageIds: ["lin_child"] },
};

/** Objects as each place would present them: ids of another school are simply ids nobody here is linked to. */
const objects: Record<Place, { halqaId: string; sheikhId: string; student: StudentRef; session: SessionRef }> = {
  own: {
    halqaId: "hlq_own",
    sheikhId: "shk_own",
    student: { halqa_id: "hlq_own", lineage_id: "lin_child" },
    session: { halqa_id: "hlq_own", sheikh_id: "shk_own" },
  },
  other: {
    halqaId: "hlq_other",
    sheikhId: "shk_other",
    student: { halqa_id: "hlq_other", lineage_id: "lin_other" },
    session: { halqa_id: "hlq_other", sheikh_id: "shk_other" },
  },
  otherSchool: {
    halqaId: "hlq_arqam",
    sheikhId: "shk_arqam",
    student: { halqa_id: "hlq_arqam", lineage_id: "lin_arqam" },
    session: { halqa_id: "hlq_arqam", sheikh_id: "shk_arqam" },
  },
};

const ask: Record<Ability, (s: Subject, o: (typeof objects)[Place]) => boolean> = {
  useStaffPages: (s) => can.useStaffPages(s),
  manageUsers: (s) => can.manageUsers(s),
  viewConnectionHealth: (s) => can.viewConnectionHealth(s),
  viewAuditLog: (s) => can.viewAuditLog(s),
  viewAllHalqas: (s) => can.viewAllHalqas(s),
  viewHalqa: (s, o) => can.viewHalqa(s, o.halqaId),
  viewStudent: (s, o) => can.viewStudent(s, o.student),
  createStudent: (s) => can.createStudent(s),
  updateStudent: (s) => can.updateStudent(s),
  viewSession: (s, o) => can.viewSession(s, o.session),
  createSession: (s, o) => can.createSession(s, o.halqaId, o.sheikhId),
  updateSession: (s, o) => can.updateSession(s, o.session),
  endSession: (s, o) => can.endSession(s, o.session),
  markAttendance: (s, o) => can.markAttendance(s, o.session),
  recordRecitation: (s, o) => can.recordRecitation(s, o.session),
  viewPlans: (s) => can.viewPlans(s),
  viewPlanOf: (s, o) => can.viewPlanOf(s, o.student),
  syncPlans: (s) => can.syncPlans(s),
  viewChild: (s, o) => can.viewChild(s, o.student),
  manageProgressSettings: (s) => can.manageProgressSettings(s),
  manageNotices: (s) => can.manageNotices(s),
  manageLanguages: (s) => can.manageLanguages(s),
  manageTimetable: (s) => can.manageTimetable(s),
  viewOverview: (s) => can.viewOverview(s),
};

const ADMIN_ONLY: Row = {
  admin: ["allow", "allow", "scoped"],
  teacher: ["deny", "deny", "deny"],
  parent: ["deny", "deny", "deny"],
};
const TEACHES_OWN: Row = {
  admin: ["allow", "allow", "scoped"],
  teacher: ["allow", "deny", "deny"],
  parent: ["deny", "deny", "deny"],
};

/** The expected answer of every cell. */
const MATRIX: Record<Ability, Row> = {
  useStaffPages: {
    admin: ["allow", "allow", "scoped"],
    teacher: ["allow", "allow", "scoped"],
    parent: ["deny", "deny", "deny"],
  },
  manageUsers: ADMIN_ONLY,
  viewConnectionHealth: ADMIN_ONLY,
  viewAuditLog: ADMIN_ONLY,
  viewAllHalqas: ADMIN_ONLY,
  viewHalqa: TEACHES_OWN,
  viewStudent: TEACHES_OWN,
  createStudent: ADMIN_ONLY,
  updateStudent: ADMIN_ONLY,
  viewSession: TEACHES_OWN,
  createSession: TEACHES_OWN,
  updateSession: TEACHES_OWN,
  endSession: TEACHES_OWN,
  markAttendance: TEACHES_OWN,
  recordRecitation: TEACHES_OWN,
  viewPlans: {
    admin: ["allow", "allow", "scoped"],
    teacher: ["allow", "allow", "scoped"],
    parent: ["deny", "deny", "deny"],
  },
  viewPlanOf: TEACHES_OWN,
  syncPlans: ADMIN_ONLY,
  viewChild: { admin: ["deny", "deny", "deny"], teacher: ["deny", "deny", "deny"], parent: ["allow", "deny", "deny"] },
  manageProgressSettings: ADMIN_ONLY,
  manageNotices: ADMIN_ONLY,
  manageLanguages: ADMIN_ONLY,
  manageTimetable: ADMIN_ONLY,
  viewOverview: ADMIN_ONLY,
};

const PLACES: Place[] = ["own", "other", "otherSchool"];
const cells = (Object.keys(MATRIX) as Ability[]).flatMap((ability) =>
  (Object.keys(subjects) as Role[]).flatMap((role) =>
    PLACES.map((place, i) => ({ ability, role, place, expected: MATRIX[ability][role][i]! })),
  ),
);

describe("authorization policy matrix", () => {
  it("covers every ability of the policy", () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(can).sort());
    expect(cells).toHaveLength(Object.keys(can).length * 3 * 3);
  });

  it.each(cells)("$role × $ability × $place → $expected", ({ ability, role, place, expected }) => {
    expect(ask[ability](subjects[role], objects[place])).toBe(expected !== "deny");
  });
});

describe("edges the matrix rows do not show", () => {
  const teacher = subjects.teacher;

  it("a teacher starts a session only as their own sheikh in a halqa they teach", () => {
    expect(can.createSession(teacher, "hlq_own", "shk_other")).toBe(false);
    expect(can.createSession(teacher, "hlq_other", "shk_own")).toBe(false);
    expect(can.createSession(teacher, "hlq_own2", "shk_own")).toBe(true);
  });

  it("a teacher owns a session they lead in another halqa, or one a substitute leads in their halqa", () => {
    expect(can.updateSession(teacher, { halqa_id: "hlq_other", sheikh_id: "shk_own" })).toBe(true);
    expect(can.endSession(teacher, { halqa_id: "hlq_own", sheikh_id: "shk_other" })).toBe(true);
  });

  it("a teacher with no linked sheikh owns nothing; a parent with no links sees no child", () => {
    const unlinked: Subject = { role: "teacher", sheikhIds: [], halqaIds: new Set(), studentLineageIds: [] };
    expect(can.viewHalqa(unlinked, "hlq_own")).toBe(false);
    expect(can.markAttendance(unlinked, objects.own.session)).toBe(false);
    expect(can.viewChild({ ...subjects.parent, studentLineageIds: [] }, objects.own.student)).toBe(false);
  });

  it("links never lend another role's powers: a parent's lineage does not make a teacher see the child", () => {
    const teacherWithLineage: Subject = { ...teacher, studentLineageIds: ["lin_child"] };
    expect(can.viewChild(teacherWithLineage, objects.own.student)).toBe(false);
    const parentWithSheikh: Subject = { ...subjects.parent, sheikhIds: ["shk_own"], halqaIds: new Set(["hlq_own"]) };
    expect(can.viewSession(parentWithSheikh, objects.own.session)).toBe(false);
    expect(can.createSession(parentWithSheikh, "hlq_own", "shk_own")).toBe(false);
  });
});
