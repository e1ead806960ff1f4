import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "@/lib/contract";
import { openDatabase, type Database } from "../db/client";
import * as t from "../db/schema";
import { ApiError } from "../errors";
import { hashKey } from "../key-hash";
import { generateSchool } from "./generate";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
}, 60_000);
afterAll(() => database.close());

const total = async (table: typeof t.learningPlans | typeof t.assignments | typeof t.students, schoolId: string) =>
  (await database.db.select({ n: count() }).from(table).where(eq(table.schoolId, schoolId)))[0]?.n;

describe("generateSchool", () => {
  it("makes exactly the plans and assignments asked for, and a key with every scope", async () => {
    const result = await generateSchool(database.db, {
      plans: 120,
      assignmentsPerPlan: 6,
      studentsPerHalqa: 25,
      key: "bench_key_small",
    });
    expect(result).toMatchObject({ plans: 120, assignments: 720, students: 120, halqas: 5 });
    expect(await total(t.learningPlans, result.schoolId)).toBe(120);
    expect(await total(t.assignments, result.schoolId)).toBe(720);
    expect(await total(t.students, result.schoolId)).toBe(120);
    const [key] = await database.db
      .select()
      .from(t.apiKeys)
      .where(eq(t.apiKeys.keyHash, hashKey("bench_key_small")));
    expect(key).toMatchObject({ schoolId: result.schoolId, scopes: [...ALL_SCOPES], rateLimitPerMinute: 0 });
    const superseded = await database.db.select().from(t.assignments).where(eq(t.assignments.status, "superseded"));
    expect(superseded.length).toBeGreaterThan(0);
    expect(superseded.every((row) => row.replacedByAssignmentId && row.supersededAt)).toBe(true);
  });

  it("grows an existing school: its active semester gets the halqas and students, no school or key is added", async () => {
    const first = await generateSchool(database.db, {
      plans: 0,
      assignmentsPerPlan: 0,
      students: 30,
      key: "bench_key_grown",
    });
    const [semester] = await database.db.select().from(t.semesters).where(eq(t.semesters.schoolId, first.schoolId));
    const [schools, keys] = [
      await database.db.select({ n: count() }).from(t.schools),
      await database.db.select({ n: count() }).from(t.apiKeys),
    ];
    const grown = await generateSchool(database.db, {
      schoolId: first.schoolId,
      plans: 10,
      assignmentsPerPlan: 2,
      students: 60,
    });
    expect(grown).toMatchObject({ schoolId: first.schoolId, students: 60, halqas: 2, plans: 10, assignments: 20 });
    expect(await total(t.students, first.schoolId)).toBe(90);
    const students = await database.db.select().from(t.students).where(eq(t.students.schoolId, first.schoolId));
    expect(students.every((student) => student.semesterId === semester!.id)).toBe(true);
    expect(await database.db.select({ n: count() }).from(t.schools)).toEqual(schools);
    expect(await database.db.select({ n: count() }).from(t.apiKeys)).toEqual(keys);
    // Not both, not neither; not a school without an active semester.
    await expect(
      generateSchool(database.db, { schoolId: first.schoolId, key: "bench_key_both", plans: 0, assignmentsPerPlan: 0 }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(generateSchool(database.db, { plans: 0, assignmentsPerPlan: 0 })).rejects.toBeInstanceOf(ApiError);
    await expect(
      generateSchool(database.db, { schoolId: "sch_none", plans: 0, assignmentsPerPlan: 0 }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it("gives each halqa an open session today and, when asked, an ended one on each of the last days", async () => {
    const now = new Date("2026-11-24T12:00:00Z");
    const result = await generateSchool(database.db, {
      plans: 0,
      assignmentsPerPlan: 0,
      students: 40,
      studentsPerHalqa: 20,
      key: "bench_key_sessions",
      now,
      sessionDays: 3,
    });
    const rows = await database.db.select().from(t.sessions).where(eq(t.sessions.schoolId, result.schoolId));
    expect(rows).toHaveLength(result.halqas * 4);
    for (const halqaId of new Set(rows.map((row) => row.halqaId))) {
      const sessions = rows.filter((row) => row.halqaId === halqaId);
      expect(sessions.filter((row) => row.status === "open").map((row) => row.date)).toEqual(["2026-11-24"]);
      const ended = sessions.filter((row) => row.status === "ended");
      expect(ended.map((row) => row.date).sort()).toEqual(["2026-11-21", "2026-11-22", "2026-11-23"]);
      expect(ended.every((row) => row.endedAt !== null && row.endedAt > row.startsAt)).toBe(true);
    }
  });

  it("refuses a key in use and bad options, leaving nothing behind", async () => {
    const schoolsBefore = await database.db.select({ n: count() }).from(t.schools);
    for (const options of [
      { plans: 1, assignmentsPerPlan: 1, key: "bench_key_small" },
      { plans: -1, assignmentsPerPlan: 1, key: "bench_key_other" },
      { plans: 1, assignmentsPerPlan: 1, key: "short" },
    ]) {
      await expect(generateSchool(database.db, options)).rejects.toBeInstanceOf(ApiError);
    }
    expect(await database.db.select({ n: count() }).from(t.schools)).toEqual(schoolsBefore);
  });
});
