/**
 * The real server actions as a matrix: each role × each action × own / other / other-school object,
 * run against a real embedded School API over HTTP and the dashboard's store. Only the session
 * lookup is replaced (the signed-in person is the cell's actor).
 *
 * allow   the dashboard lets it through: ok, or, where the school does not accept writes (Dar Al-Arqam),
 *         the school's own refusal "write access is not effective", never "forbidden"
 * deny    "not_allowed" with the forbidden message, nothing changed, audited as denied
 * refused a rule of the dashboard refuses it on a field (not forbidden), nothing changed, audited as failed
 * hidden  another school's object: refused (forbidden, not found or unknown to the API), nothing
 *         changed in either school, nothing of it in the answer, never audited as ok
 * unavailable  the dashboard lets it through, the school says its feature is off (Dar Al-Arqam's plans)
 */
import { beforeAll, describe, expect, inject, it, vi } from "vitest";

vi.mock("@/lib/auth/session", async () => (await import("@/tests/support/auth/signed-in")).session);
vi.mock("next/navigation", async () => (await import("@/tests/support/actions/next-stand-ins")).nextNavigation);

import type { ActionResult } from "@/lib/actions/define-action";
import { listAudit } from "@/lib/audit";
import {
  createUser,
  linkParentStudent,
  linkTeacherSheikh,
  setUserDisabled,
  setUserRole,
  unlinkUser,
} from "@/lib/features/admin/actions";
import { randomUUID } from "node:crypto";
import { recordRecitation, saveMarks } from "@/lib/features/live/server/actions";
import { refreshPlanNow, syncPlansNow } from "@/lib/features/plans/actions";
import type { RecordRecitationInput, SaveMarksInput } from "@/lib/features/live/types";
import { createSession, endSession, updateSession } from "@/lib/features/sessions/actions";
import { createStudent, updateStudent } from "@/lib/features/students/actions";
import { removeTimetableAction, saveTimetableAction } from "@/lib/features/timetable/actions";
import { timetablesFor } from "@/lib/features/timetable/store";
import { saveReportCardComment } from "@/lib/features/report-cards/actions";
import { commentsOf } from "@/lib/features/report-cards/comments";
import { translator } from "@/lib/i18n/core";
import { newId } from "@/lib/ids";
import { countSessions, countStudents, schoolFixture, sessionIn, type Corner, type SchoolFixture } from "./fixtures";
import { type Actor, connectEmbeddedSchool, DEMO_KEYS, demoActors, signedIn } from "./harness";
import { makeUser, userState } from "./users-db";

type Who = "admin" | "teacher" | "parent" | "arqamAdmin";
type Place = "own" | "other" | "otherSchool";
type Expected = "allow" | "deny" | "refused" | "hidden" | "unavailable";
type Prepared = { input: Record<string, unknown>; observe: () => Promise<unknown>; foreign?: string[] };
type Spec = {
  action: string;
  /** Writes to the school's API (as opposed to the dashboard's own store). */
  apiWrite?: boolean;
  call: (input: unknown) => Promise<ActionResult<unknown>>;
  prepare: (who: Who, place: Place) => Promise<Prepared>;
  expected: Record<Who, readonly [Expected, Expected, Expected]>;
};

const t = translator("en");
const FORBIDDEN = t("errors.forbidden");
const FEATURE_OFF = t("errors.featureUnavailable");
const NOT_FOUND = t("errors.notFound");
const WRITES_OFF = t("errors.writeAccessDisabled");

let actors: Record<Who, Actor>;
let alnoor: SchoolFixture;
let arqam: SchoolFixture;

beforeAll(async () => {
  const url = connectEmbeddedSchool();
  const demo = await demoActors();
  actors = demo;
  [alnoor, arqam] = await Promise.all([
    schoolFixture(url, DEMO_KEYS.alnoorAdmin, { sheikhId: demo.teacher.sheikhIds[0], writable: true }),
    schoolFixture(url, DEMO_KEYS.arqamAdmin, { writable: false }),
  ]);
});

const home = (who: Who) => (who === "arqamAdmin" ? arqam : alnoor);
const away = (who: Who) => (who === "arqamAdmin" ? alnoor : arqam);
const connectionOf = (school: SchoolFixture) => (school === arqam ? "arqam" : "alnoor");
function where(who: Who, place: Place): { school: SchoolFixture; corner: Corner } {
  if (place === "otherSchool") return { school: away(who), corner: away(who).a };
  return { school: home(who), corner: place === "own" ? home(who).a : home(who).b };
}
const names = (corner: Corner) => [corner.halqa.name, corner.student.full_name, corner.sheikh.name];

const ADMINS = { allowAll: ["allow", "allow", "hidden"] } as const;
const NOBODY = ["deny", "deny", "deny"] as const;
/** Admins of the school and the teacher of the object's halqa. */
const STAFF_OF_THE_HALQA = {
  admin: ADMINS.allowAll,
  teacher: ["allow", "deny", "hidden"],
  parent: NOBODY,
  arqamAdmin: ADMINS.allowAll,
} as const;

type SessionInput = (sessionId: string, corner: Corner, school: SchoolFixture) => Record<string, unknown>;

/** An action on a session; `observe` names what it could change, read through the school's own key. */
type Observe = (school: SchoolFixture, sessionId: string) => Promise<unknown>;
const theSession: Observe = (school, id) => school.api.data(`/sessions/${id}`);

const sessionSpec = (action: string, call: Spec["call"], input: SessionInput, observe: Observe = theSession): Spec => ({
  action,
  apiWrite: true,
  call,
  async prepare(who, place) {
    const { school, corner } = where(who, place);
    const session = await sessionIn(school, corner);
    return {
      input: input(session.id, corner, school),
      observe: () => observe(school, session.id),
      foreign: place === "otherSchool" ? names(corner) : undefined,
    };
  },
  expected: STAFF_OF_THE_HALQA,
});

/** For user actions: own is the actor's own account, other a user of their school, otherSchool a user of the other school. */
async function targetUser(
  who: Who,
  place: Place,
  role: Actor["role"],
  link?: { kind: "sheikh" | "student_lineage"; refId: string; label: string },
) {
  if (place === "own") return actors[who].id;
  return makeUser(place === "other" ? connectionOf(home(who)) : connectionOf(away(who)), role, link);
}

const userSpec = (
  action: string,
  call: Spec["call"],
  build: (who: Who, place: Place) => Promise<Record<string, unknown> & { userId: string }>,
  own: Expected,
): Spec => ({
  action,
  call,
  async prepare(who, place) {
    const input = await build(who, place);
    return { input, observe: () => userState(input.userId) };
  },
  expected: { admin: [own, "allow", "deny"], teacher: NOBODY, parent: NOBODY, arqamAdmin: [own, "allow", "deny"] },
});

const PLAN_SPECS: Spec[] = [];
const SPECS: Spec[] = [
  {
    action: "student.create",
    apiWrite: true,
    call: createStudent,
    async prepare(who, place) {
      const { school, corner } = where(who, place);
      return {
        input: { full_name: `Matrix Student ${newId("n")}`, halqa_id: corner.halqa.id },
        observe: () => countStudents(school, corner.halqa.id),
        foreign: place === "otherSchool" ? names(corner) : undefined,
      };
    },
    expected: { admin: ADMINS.allowAll, teacher: NOBODY, parent: NOBODY, arqamAdmin: ADMINS.allowAll },
  },
  {
    action: "student.update",
    apiWrite: true,
    call: updateStudent,
    async prepare(who, place) {
      const { school, corner } = where(who, place);
      const s = corner.student;
      const input = {
        id: s.id,
        full_name: s.full_name,
        preferred_name: `M${newId("p").slice(-6)}`,
        halqa_id: s.halqa_id,
        status: s.status,
        enrolled_on: s.enrolled_on ?? "",
      };
      return {
        input,
        observe: () => school.api.data(`/students/${s.id}`),
        foreign: place === "otherSchool" ? names(corner) : undefined,
      };
    },
    expected: { admin: ADMINS.allowAll, teacher: NOBODY, parent: NOBODY, arqamAdmin: ADMINS.allowAll },
  },
  {
    action: "session.create",
    apiWrite: true,
    call: createSession,
    async prepare(who, place) {
      const { school, corner } = where(who, place);
      return {
        input: { halqa_id: corner.halqa.id, sheikh_id: corner.sheikh.id },
        observe: () => countSessions(school, corner.halqa.id),
        foreign: place === "otherSchool" ? names(corner) : undefined,
      };
    },
    // The teacher is refused another school's halqa by the policy itself, before any call.
    expected: {
      admin: ADMINS.allowAll,
      teacher: ["allow", "deny", "deny"],
      parent: NOBODY,
      arqamAdmin: ADMINS.allowAll,
    },
  },
  sessionSpec("session.update", updateSession, (id) => ({ id, topic: `Matrix ${newId("x")}` })),
  sessionSpec("session.end", endSession, (id) => ({ id, confirm: "yes" })),
  sessionSpec(
    "attendance.save",
    (input) => saveMarks(input as SaveMarksInput),
    (sessionId, corner) => ({
      sessionId,
      deviceId: randomUUID(),
      marks: [{ student_id: corner.student.id, status: "late", late_minutes: 7, clientVersion: 1 }],
    }),
    (school, id) => school.api.all(`/sessions/${id}/attendance`),
  ),
  sessionSpec(
    "recitation.record",
    (input) => recordRecitation(input as RecordRecitationInput),
    (sessionId, corner, school) => ({
      sessionId,
      clientId: randomUUID(),
      recorded_at: new Date().toISOString(),
      student_id: corner.student.id,
      kind: "new_memorization",
      start: { surah: 78, ayah: 1 },
      end: { surah: 78, ayah: 16 },
      rating: school.rating,
      mistakes: 1,
      note: null,
    }),
    (school, id) => school.api.all(`/sessions/${id}/recitations`),
  ),
  {
    action: "user.create",
    call: createUser,
    async prepare(who, place) {
      // Users have no other-school form of creation; the cells are a new email, one in use at this school, one in use at the other.
      if (place === "own") {
        const email = `matrix-${newId("e").toLowerCase()}@example.org`;
        return {
          input: { email, name: "Matrix User", role: "teacher", password: "long enough password" },
          observe: async () => null,
        };
      }
      const userId = await targetUser(who, place, "parent");
      const existing = await userState(userId);
      return {
        input: { email: existing.email, name: "Hijack", role: "admin", password: "long enough password" },
        observe: () => userState(userId),
      };
    },
    expected: {
      admin: ["allow", "refused", "refused"],
      teacher: NOBODY,
      parent: NOBODY,
      arqamAdmin: ["allow", "refused", "refused"],
    },
  },
  userSpec(
    "user.setRole",
    setUserRole,
    async (who, place) => ({
      userId: await targetUser(who, place, "parent"),
      role: place === "own" ? actors[who].role : "teacher",
    }),
    "allow",
  ),
  userSpec(
    "user.setDisabled",
    setUserDisabled,
    async (who, place) => ({ userId: await targetUser(who, place, "teacher"), disabled: true }),
    "refused",
  ),
  userSpec(
    "user.linkSheikh",
    linkTeacherSheikh,
    async (who, place) => ({ userId: await targetUser(who, place, "teacher"), sheikhId: home(who).a.sheikh.id }),
    "refused",
  ),
  userSpec(
    "user.linkStudent",
    linkParentStudent,
    async (who, place) => ({ userId: await targetUser(who, place, "parent"), studentId: home(who).a.student.id }),
    "refused",
  ),
  userSpec(
    "user.unlink",
    unlinkUser,
    async (who, place) => {
      const sheikh = home(who).a.sheikh;
      const userId = await targetUser(who, place, "teacher", { kind: "sheikh", refId: sheikh.id, label: sheikh.name });
      return { userId, kind: "sheikh", refId: sheikh.id };
    },
    "allow",
  ),
  {
    // The dashboard's own data (no write to the school): the teacher of the student's halqa or an admin.
    action: "reportCards.comment",
    call: saveReportCardComment,
    async prepare(who, place) {
      const { school, corner } = where(who, place);
      const s = corner.student;
      return {
        input: { studentId: s.id, comment: `Matrix comment ${newId("c")}` },
        observe: async () => (await commentsOf(connectionOf(school), s.semester_id, [s.id])).get(s.id) ?? null,
        foreign: place === "otherSchool" ? names(corner) : undefined,
      };
    },
    expected: STAFF_OF_THE_HALQA,
  },
];

/** The halqa's timetable as each connection's store has it (a wrong write would land under either). */
const timetablesOf = (halqaId: string) => async () =>
  Promise.all(
    ["alnoor", "arqam"].map(async (connection) => (await timetablesFor(connection, [halqaId])).get(halqaId) ?? null),
  );

/** Timetables are the dashboard's own data, for halqas the admin's school's API knows. */
const timetableSpec = (
  action: string,
  call: Spec["call"],
  otherSchool: Expected,
  input: (halqaId: string) => Record<string, unknown>,
): Spec => ({
  action,
  call,
  async prepare(who, place) {
    const { corner } = where(who, place);
    return {
      input: input(corner.halqa.id),
      observe: timetablesOf(corner.halqa.id),
      foreign: place === "otherSchool" ? names(corner) : undefined,
    };
  },
  // Removing is keyed by the actor's own connection: another school's halqa id finds nothing there to remove.
  expected: {
    admin: ["allow", "allow", otherSchool],
    teacher: NOBODY,
    parent: NOBODY,
    arqamAdmin: ["allow", "allow", otherSchool],
  },
});
SPECS.push(
  timetableSpec("timetable.save", saveTimetableAction, "hidden", (halqaId) => ({
    halqaId,
    day2: "on",
    day4: "on",
    startsAt: "16:30",
  })),
  timetableSpec("timetable.remove", removeTimetableAction, "allow", (halqaId) => ({ halqaId })),
);

/** A learning plan of a student of the corner's halqa (Al-Noor: its key reads plans). */
async function planIn(school: SchoolFixture, corner: Corner): Promise<string> {
  const [plans, students] = await Promise.all([
    school.api.all<{ id: string; student_id: string }>("/learning-plans"),
    school.api.all<{ id: string }>(`/students?halqa_id=${corner.halqa.id}`),
  ]);
  const plan = plans.find((p) => students.some((s) => s.id === p.student_id));
  if (!plan) throw new Error(`no learning plan in halqa ${corner.halqa.name}`);
  return plan.id;
}
const nothingInTheSchool = async () => null;

PLAN_SPECS.push(
  {
    action: "plans.refresh",
    call: refreshPlanNow,
    async prepare(who, place) {
      // Dar Al-Arqam's plans exist but its key cannot read them; its admin's "other school" is Al-Noor.
      if (who === "arqamAdmin")
        return {
          input: { planId: place === "otherSchool" ? await planIn(alnoor, alnoor.a) : inject("arqamPlanId") },
          observe: nothingInTheSchool,
        };
      if (place === "otherSchool") return { input: { planId: inject("arqamPlanId") }, observe: nothingInTheSchool };
      return {
        input: { planId: await planIn(alnoor, place === "own" ? alnoor.a : alnoor.b) },
        observe: nothingInTheSchool,
      };
    },
    expected: {
      admin: ["allow", "allow", "hidden"],
      teacher: ["allow", "deny", "hidden"],
      parent: NOBODY,
      arqamAdmin: ["unavailable", "unavailable", "hidden"],
    },
  },
  {
    // No object: whatever the place, an admin starts a cycle of their own school (Dar Al-Arqam's is refused by the school and reported, not an error).
    action: "plans.sync",
    call: syncPlansNow,
    prepare: async () => ({ input: {}, observe: nothingInTheSchool }),
    expected: {
      admin: ["allow", "allow", "allow"],
      teacher: NOBODY,
      parent: NOBODY,
      arqamAdmin: ["allow", "allow", "allow"],
    },
  },
);
SPECS.push(...PLAN_SPECS);

const WHO: Who[] = ["admin", "teacher", "parent", "arqamAdmin"];
const PLACES: Place[] = ["own", "other", "otherSchool"];
const cells = SPECS.flatMap((spec) =>
  WHO.flatMap((who) =>
    PLACES.map((place, i) => ({ spec, who, place, expected: spec.expected[who][i]!, name: spec.action })),
  ),
);

async function latestAuditOf(actor: Actor) {
  const rows = await listAudit(actor.connectionId, { limit: 20 });
  return rows.find((row) => row.userId === actor.id);
}

async function runCell(spec: Spec, who: Who, place: Place, expected: Expected) {
  const actor = actors[who];
  const prepared = await spec.prepare(who, place);
  const before = await prepared.observe();
  signedIn.actor = actor;
  const result = await spec.call(prepared.input);
  signedIn.actor = null;
  const after = await prepared.observe();
  const audit = await latestAuditOf(actor);
  const message = result.ok ? null : result.message;

  if (expected === "allow") {
    if (spec.apiWrite && !home(who).writable)
      expect(message, "the school's refusal, not the dashboard's").toBe(WRITES_OFF);
    else expect(result.ok, `allowed, got ${JSON.stringify(result)}`).toBe(true);
    return;
  }
  expect(result.ok, `refused, got ${JSON.stringify(result)}`).toBe(false);
  expect(after).toEqual(before);
  expect(audit?.action).toBe(spec.action);
  if (expected === "deny") {
    expect(message).toBe(FORBIDDEN);
    expect(audit?.result).toBe("denied");
  } else if (expected === "unavailable") {
    expect(message).toBe(FEATURE_OFF);
    expect(audit?.result).toBe("denied");
  } else if (expected === "refused") {
    expect(message).not.toBe(FORBIDDEN);
    expect(Object.keys(result.ok ? {} : (result.fieldErrors ?? {})).length).toBeGreaterThan(0);
    expect(audit?.result).toBe("failed");
  } else {
    expect(audit?.result).not.toBe("ok");
    const answer = JSON.stringify(result);
    for (const name of prepared.foreign ?? []) expect(answer).not.toContain(name);
  }
}

describe("server actions × roles × objects", () => {
  it("covers every cell", () => {
    expect(cells).toHaveLength(SPECS.length * WHO.length * PLACES.length);
  });

  it.each(cells)("$who × $name × $place → $expected", async ({ spec, who, place, expected }) => {
    await runCell(spec, who, place, expected);
  });
});

describe("another school's ids inside an own-school action", () => {
  const attempt = async (
    actor: Actor,
    call: Spec["call"],
    input: Record<string, unknown>,
    observe: () => Promise<unknown>,
  ) => {
    const before = await observe();
    signedIn.actor = actor;
    const result = await call(input);
    signedIn.actor = null;
    expect(result.ok).toBe(false);
    expect(await observe()).toEqual(before);
    return result;
  };

  it("links neither a foreign sheikh nor a foreign student to a user", async () => {
    const teacherId = await makeUser("alnoor", "teacher");
    const parentId = await makeUser("alnoor", "parent");
    const sheikh = await attempt(
      actors.admin,
      linkTeacherSheikh,
      { userId: teacherId, sheikhId: arqam.a.sheikh.id },
      () => userState(teacherId),
    );
    expect(sheikh.ok ? null : sheikh.message).toBe(NOT_FOUND);
    const student = await attempt(
      actors.admin,
      linkParentStudent,
      { userId: parentId, studentId: arqam.a.student.id },
      () => userState(parentId),
    );
    expect(student.ok ? null : student.message).toBe(NOT_FOUND);
  });

  it("starts no session with a foreign sheikh, and moves no session to one", async () => {
    await attempt(actors.admin, createSession, { halqa_id: alnoor.a.halqa.id, sheikh_id: arqam.a.sheikh.id }, () =>
      countSessions(alnoor, alnoor.a.halqa.id),
    );
    const session = await sessionIn(alnoor, alnoor.a);
    await attempt(actors.teacher, updateSession, { id: session.id, sheikh_id: arqam.a.sheikh.id }, () =>
      alnoor.api.data(`/sessions/${session.id}`),
    );
  });

  it("enrols no student into a foreign halqa", async () => {
    await attempt(actors.admin, createStudent, { full_name: "Foreign Enrolment", halqa_id: arqam.b.halqa.id }, () =>
      countStudents(arqam, arqam.b.halqa.id),
    );
  });
});
