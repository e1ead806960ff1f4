import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparePoints, pointProblem } from "@/lib/quran";
import { openDatabase, type Database } from "../db/client";
import * as t from "../db/schema";
import { hashKey } from "../key-hash";
import { buildDemoSchool, seedDemo } from "./demo";
import {
  DEMO_COUNTS,
  DEMO_KEY_SPECS,
  DEMO_SCHOOLS,
  DEMO_TEACHER_SHEIKH_NAME,
  INELIGIBLE_SHEIKH_NAMES,
  PRIVATE_TEXTS,
  RATING_SCALES,
} from "./demo-facts";
import { ALNOOR } from "./demo-layout";
import { localDate } from "./time";

const NOW = new Date("2026-03-10T12:34:56.000Z");
let database: Database;
let rows: Awaited<ReturnType<typeof load>>;

async function load(db: Database["db"]) {
  const [
    schools,
    semesters,
    halqas,
    sheikhs,
    links,
    students,
    sessions,
    attendance,
    recitations,
    plans,
    assignments,
    keys,
  ] = await Promise.all([
    db.select().from(t.schools),
    db.select().from(t.semesters),
    db.select().from(t.halqas),
    db.select().from(t.sheikhs),
    db.select().from(t.halqaSheikhs),
    db.select().from(t.students),
    db.select().from(t.sessions),
    db.select().from(t.attendance),
    db.select().from(t.recitations),
    db.select().from(t.learningPlans),
    db.select().from(t.assignments),
    db.select().from(t.apiKeys),
  ]);
  return {
    schools,
    semesters,
    halqas,
    sheikhs,
    links,
    students,
    sessions,
    attendance,
    recitations,
    plans,
    assignments,
    keys,
  };
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await seedDemo(database.db, NOW);
  rows = await load(database.db);
}, 60_000);
afterAll(() => database.close());

const schoolOf = (name: string) => rows.schools.find((school) => school.name === name)!;
const of = <T extends { schoolId: string }>(list: T[], name: string) =>
  list.filter((row) => row.schoolId === schoolOf(name).id);

describe("seedDemo", () => {
  it("creates both schools with their policies, and is idempotent", async () => {
    const alnoor = schoolOf(DEMO_SCHOOLS.alnoor.name);
    const arqam = schoolOf(DEMO_SCHOOLS.arqam.name);
    expect(alnoor).toMatchObject({
      nameAr: DEMO_SCHOOLS.alnoor.nameAr,
      learningPlansEnabled: true,
      writeAccessEnabled: true,
      ratingScale: RATING_SCALES.alnoor,
    });
    expect(arqam).toMatchObject({
      learningPlansEnabled: false,
      writeAccessEnabled: false,
      ratingScale: RATING_SCALES.arqam,
    });
    await seedDemo(database.db, NOW);
    await seedDemo(database.db);
    const again = await load(database.db);
    for (const table of Object.keys(rows) as (keyof typeof rows)[])
      expect(again[table].length, table).toBe(rows[table].length);
  });

  it("matches the documented counts", () => {
    for (const [school, facts] of Object.entries(DEMO_COUNTS) as [
      keyof typeof DEMO_COUNTS,
      (typeof DEMO_COUNTS)["alnoor"],
    ][]) {
      const name = DEMO_SCHOOLS[school].name;
      const active = of(rows.semesters, name).find((semester) => semester.status === "active")!;
      expect(
        of(rows.semesters, name)
          .map((semester) => semester.status)
          .sort(),
      ).toEqual(["active", "archived", "planned"]);
      expect(of(rows.halqas, name)).toHaveLength(facts.halqas);
      expect(of(rows.halqas, name).filter((halqa) => halqa.semesterId === active.id && halqa.isActive)).toHaveLength(
        facts.runningHalqas,
      );
      expect(of(rows.sheikhs, name).filter((sheikh) => sheikh.status === "active")).toHaveLength(facts.eligibleSheikhs);
      expect(of(rows.students, name)).toHaveLength(facts.students);
      expect(of(rows.sessions, name).filter((session) => session.status === "ended")).toHaveLength(facts.endedSessions);
      expect(of(rows.sessions, name).filter((session) => session.status === "open")).toHaveLength(facts.openSessions);
      expect(of(rows.plans, name)).toHaveLength(facts.plans);
    }
    expect(DEMO_COUNTS.alnoor.runningHalqas).toBeGreaterThanOrEqual(4);
  });

  it("has an active semester covering today, and today's open session", () => {
    for (const school of Object.values(DEMO_SCHOOLS)) {
      const today = localDate(NOW, school.timeZone);
      const active = of(rows.semesters, school.name).find((semester) => semester.status === "active")!;
      expect(active.startsOn <= today && today <= active.endsOn).toBe(true);
      const open = of(rows.sessions, school.name).filter((session) => session.status === "open");
      expect(
        open.every((session) => session.date === today && session.endedAt === null && session.startsAt <= NOW),
      ).toBe(true);
    }
  });

  it("carries halqas and students forward with the same lineage", () => {
    const name = DEMO_SCHOOLS.alnoor.name;
    const semester = (status: string) => of(rows.semesters, name).find((row) => row.status === status)!.id;
    const archived = of(rows.halqas, name).filter((halqa) => halqa.semesterId === semester("archived"));
    const current = of(rows.halqas, name).filter((halqa) => halqa.semesterId === semester("active"));
    const carried = current.filter((halqa) => archived.some((old) => old.lineageId === halqa.lineageId));
    expect(carried.length).toBeGreaterThanOrEqual(2);
    expect(current.filter((halqa) => !halqa.isActive)).toHaveLength(1);
    const lineages = new Map<string, string[]>();
    for (const student of of(rows.students, name))
      lineages.set(student.lineageId, [...(lineages.get(student.lineageId) ?? []), student.fullName]);
    const multi = [...lineages.values()].filter((names) => names.length > 1);
    expect(multi.length).toBeGreaterThan(20);
    expect(multi.every((names) => new Set(names).size === 1)).toBe(true);
  });

  it("has a demo teacher with two running halqas and ineligible sheikhs", () => {
    const teacher = rows.sheikhs.find((sheikh) => sheikh.name === DEMO_TEACHER_SHEIKH_NAME)!;
    const active = rows.semesters.find(
      (semester) => semester.schoolId === teacher.schoolId && semester.status === "active",
    )!;
    const running = rows.halqas
      .filter((halqa) => halqa.semesterId === active.id && halqa.isActive)
      .map((halqa) => halqa.id);
    expect(
      rows.links.filter((link) => link.sheikhId === teacher.id && running.includes(link.halqaId)).length,
    ).toBeGreaterThanOrEqual(2);
    for (const name of Object.values(INELIGIBLE_SHEIKH_NAMES)) {
      const sheikh = rows.sheikhs.find((row) => row.name === name)!;
      expect(sheikh.status).toBe("inactive");
      expect(rows.links.some((link) => link.sheikhId === sheikh.id)).toBe(true);
    }
  });

  it("records attendance for every active student of each past session since their enrolment, and valid recitations", () => {
    const name = DEMO_SCHOOLS.alnoor.name;
    const active = of(rows.semesters, name).find((semester) => semester.status === "active")!;
    for (const session of of(rows.sessions, name).filter(
      (row) => row.semesterId === active.id && row.status === "ended",
    )) {
      const enrolled = (student: (typeof rows.students)[number]) =>
        !student.enrolledOn || student.enrolledOn <= session.date;
      const roster = rows.students
        .filter((student) => student.halqaId === session.halqaId && student.status === "active" && enrolled(student))
        .map((student) => student.id)
        .sort();
      expect(
        rows.attendance
          .filter((row) => row.sessionId === session.id)
          .map((row) => row.studentId)
          .sort(),
      ).toEqual(roster);
    }
    const values = new Map(rows.schools.map((school) => [school.id, school.ratingScale.map((level) => level.value)]));
    for (const recitation of rows.recitations) {
      const start = { surah: recitation.startSurah, ayah: recitation.startAyah };
      const end = { surah: recitation.endSurah, ayah: recitation.endAyah };
      expect(pointProblem(start) ?? pointProblem(end)).toBeNull();
      expect(comparePoints(start, end)).toBeLessThanOrEqual(0);
      expect(values.get(recitation.schoolId)).toContain(recitation.rating);
    }
  });

  it("keeps assignment histories consistent: ordered sequences, valid segments, supersession links", () => {
    for (const plan of rows.plans) {
      const history = rows.assignments.filter((row) => row.planId === plan.id).sort((a, b) => a.sequence - b.sequence);
      expect(history.map((row) => row.sequence)).toEqual(history.map((_, index) => index + 1));
      for (const row of history) {
        expect(row.segments.map((segment) => segment.order)).toEqual(row.segments.map((_, index) => index + 1));
        for (const { range } of row.segments) {
          expect(pointProblem(range.start) ?? pointProblem(range.end)).toBeNull();
          expect(comparePoints(range.start, range.end)).toBeLessThanOrEqual(0);
        }
        if (row.status === "superseded") {
          const next = history.find((other) => other.id === row.replacedByAssignmentId);
          expect(next?.sequence).toBeGreaterThan(row.sequence);
          expect(row.supersededAt).not.toBeNull();
          expect(row.supersededAt!.getTime()).toBeLessThanOrEqual(next!.createdAt.getTime());
        } else {
          expect(row.replacedByAssignmentId).toBeNull();
          expect(row.supersededAt).toBeNull();
        }
        expect(row.createdAt.getTime()).toBeLessThanOrEqual(row.updatedAt.getTime());
        expect(row.updatedAt.getTime()).toBeLessThanOrEqual(Math.max(plan.updatedAt.getTime(), NOW.getTime()));
      }
    }
    const statuses = new Set(rows.assignments.map((row) => row.status));
    for (const status of [
      "superseded",
      "draft",
      "pending_review",
      "scheduled",
      "postponed",
      "cancelled",
      "published",
      "in_progress",
      "completed",
    ])
      expect(statuses).toContain(status);
    expect(new Set(rows.plans.map((plan) => plan.status))).toEqual(
      new Set(["active", "paused", "draft", "completed", "cancelled"]),
    );
    expect(
      rows.assignments.some(
        (row) =>
          row.replacedByAssignmentId &&
          rows.assignments.find((next) => next.id === row.replacedByAssignmentId)?.status === "superseded",
      ),
    ).toBe(true);
  });

  it("varies where the effective plan policy comes from", () => {
    const sources = new Set<string>();
    for (const plan of of(rows.plans, DEMO_SCHOOLS.alnoor.name)) {
      const student = rows.students.find((row) => row.id === plan.studentId)!;
      const halqa = rows.halqas.find((row) => row.id === student.halqaId)!;
      sources.add(
        student.publicationPolicy !== null || student.automationPaused !== null
          ? "learner"
          : halqa.publicationPolicy !== null || halqa.automationPaused !== null
            ? "halqa"
            : "school",
      );
    }
    expect(sources).toEqual(new Set(["school", "halqa", "learner"]));
  });

  it("stores private fields so tests can prove they never leak", () => {
    const stored = [
      ...rows.students.map((row) => row.privateNotes),
      ...rows.recitations.map((row) => row.privateNote),
      ...rows.assignments.map((row) => row.staffNote),
    ];
    for (const text of PRIVATE_TEXTS.slice(0, 3)) expect(stored).toContain(text);
    expect(stored.filter(Boolean).every((text) => PRIVATE_TEXTS.includes(text!))).toBe(true);
    expect(rows.students.every((row) => row.dateOfBirth && row.guardianPhone)).toBe(true);
    expect(
      rows.assignments.some((row) => row.explanation && PRIVATE_TEXTS.some((text) => row.explanation!.includes(text))),
    ).toBe(false);
  });

  it("never dates anything after now", () => {
    for (const list of [
      rows.sessions,
      rows.attendance,
      rows.recitations,
      rows.plans,
      rows.assignments,
      rows.students,
    ]) {
      for (const row of list) expect(row.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it("stores exactly the six demo keys, hashed, with their states", () => {
    expect(rows.keys).toHaveLength(DEMO_KEY_SPECS.length);
    for (const spec of DEMO_KEY_SPECS) {
      const key = rows.keys.find((row) => row.keyHash === hashKey(spec.key))!;
      expect(key.schoolId).toBe(schoolOf(DEMO_SCHOOLS[spec.school].name).id);
      expect([...key.scopes].sort()).toEqual([...spec.scopes].sort());
      expect(key.revokedAt !== null).toBe(spec.state === "revoked");
      expect(key.expiresAt !== null && key.expiresAt <= NOW).toBe(spec.state === "expired");
      expect(JSON.stringify(key)).not.toContain(spec.key);
    }
  });

  it("builds the same demo from the same now, ids aside", () => {
    const shape = () => {
      const built = buildDemoSchool("alnoor", ALNOOR, NOW);
      const ids = new Map<string, number>();
      return JSON.stringify(built, (key, value: unknown) => {
        if (typeof value === "string" && /^[a-z]{3}_[0-9a-z]{26}$/.test(value)) {
          if (!ids.has(value)) ids.set(value, ids.size);
          return `#${ids.get(value)}`;
        }
        return value;
      });
    };
    expect(shape()).toBe(shape());
  });
});
