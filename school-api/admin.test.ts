import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./db/client";
import * as t from "./db/schema";
import { ApiError } from "./errors";
import { hashKey } from "./key-hash";
import {
  createApiKey,
  listApiKeys,
  replaceAssignment,
  revokeApiKey,
  setAssignmentStatus,
  setHalqaPlanConfig,
  setPlanStatus,
  setSchoolPolicy,
  setSheikhStatus,
  setStudentPlanConfig,
  touchPlans,
  updatePlan,
} from "./admin";
import { seedDemo } from "./seed/demo";
import { DEMO_SCHOOLS } from "./seed/demo-facts";

let database: Database;
let db: Database["db"];

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  db = database.db;
  await seedDemo(db);
}, 60_000);
afterAll(() => database.close());

const school = async (name: string) => (await db.select().from(t.schools).where(eq(t.schools.name, name)))[0]!;
const plansOf = async (schoolId: string) =>
  db.select().from(t.learningPlans).where(eq(t.learningPlans.schoolId, schoolId));
const snapshot = async () =>
  JSON.stringify(
    await Promise.all([
      db.select().from(t.assignments),
      db.select().from(t.learningPlans),
      db.select().from(t.schools),
      db.select().from(t.halqas),
      db.select().from(t.students),
      db.select().from(t.apiKeys),
    ]),
  );

/** Bad input: the right error, and the database exactly as it was. */
async function rejects(action: () => Promise<unknown>, code: string, field?: string) {
  const before = await snapshot();
  const error = await action().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe(code);
  if (field) expect(Object.keys(((error as ApiError).details?.fields ?? {}) as object)).toContain(field);
  expect(await snapshot()).toBe(before);
}

async function replaceable() {
  const rows = await db.select().from(t.assignments).where(eq(t.assignments.status, "scheduled"));
  return rows[0]!;
}

describe("replaceAssignment", () => {
  it("keeps the old assignment, links it to the replacement and moves the plan's updated_at", async () => {
    const old = await replaceable();
    const [plan] = await db.select().from(t.learningPlans).where(eq(t.learningPlans.id, old.planId));
    const before = await db.select().from(t.assignments).where(eq(t.assignments.planId, old.planId));
    const segments = [
      {
        order: 1,
        track_type: "new_memorization" as const,
        range: { start: { surah: 2, ayah: 1 }, end: { surah: 2, ayah: 5 } },
      },
    ];
    const { replaced, replacement } = await replaceAssignment(db, old.id, {
      dueDate: "2030-01-02",
      segments,
      explanation: "Shorter portion",
    });

    expect(replaced).toMatchObject({ id: old.id, status: "superseded", replaced_by_assignment_id: replacement.id });
    expect(replaced.superseded_at).not.toBeNull();
    expect(replacement).toMatchObject({
      plan_id: old.planId,
      status: "scheduled",
      due_date: "2030-01-02",
      segments,
      explanation: "Shorter portion",
      superseded_at: null,
    });
    const after = await db.select().from(t.assignments).where(eq(t.assignments.planId, old.planId));
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((row) => row.id === replacement.id)!.sequence).toBe(
      Math.max(...before.map((row) => row.sequence)) + 1,
    );
    expect(after.find((row) => row.id === replacement.id)!.source).toBe("staff");
    const [bumped] = await db.select().from(t.learningPlans).where(eq(t.learningPlans.id, old.planId));
    expect(bumped!.updatedAt.getTime()).toBeGreaterThan(plan!.updatedAt.getTime());
    expect(JSON.stringify(replacement)).not.toContain("staff_note");

    await rejects(() => replaceAssignment(db, old.id, {}), "conflict");
  });

  it("refuses bad input and changes nothing", async () => {
    const old = await replaceable();
    await rejects(() => replaceAssignment(db, old.id, { dueDate: "2030-02-30" }), "validation_failed", "dueDate");
    await rejects(() => replaceAssignment(db, old.id, { status: "superseded" }), "validation_failed", "status");
    await rejects(() => replaceAssignment(db, old.id, { segments: [] }), "validation_failed", "segments");
    const bad = [
      {
        order: 1,
        track_type: "new_memorization" as const,
        range: { start: { surah: 1, ayah: 8 }, end: { surah: 1, ayah: 9 } },
      },
    ];
    await rejects(
      () => replaceAssignment(db, old.id, { segments: bad }),
      "validation_failed",
      "segments.0.range.start.ayah",
    );
    const misordered = [
      {
        order: 2,
        track_type: "old_revision" as const,
        range: { start: { surah: 1, ayah: 1 }, end: { surah: 1, ayah: 7 } },
      },
    ];
    await rejects(
      () => replaceAssignment(db, old.id, { segments: misordered }),
      "validation_failed",
      "segments.0.order",
    );
    await rejects(() => replaceAssignment(db, old.id, { colour: "red" } as never), "validation_failed", "colour");
    await rejects(() => replaceAssignment(db, "asg_missing", {}), "not_found");
  });
});

describe("setAssignmentStatus and plans", () => {
  it("stamps lifecycle times and bumps the plan", async () => {
    const row = await replaceable();
    const [plan] = await db.select().from(t.learningPlans).where(eq(t.learningPlans.id, row.planId));
    const published = await setAssignmentStatus(db, row.id, "published");
    expect(published.status).toBe("published");
    expect(published.published_at).not.toBeNull();
    const [after] = await db.select().from(t.learningPlans).where(eq(t.learningPlans.id, row.planId));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(plan!.updatedAt.getTime());
    await rejects(() => setAssignmentStatus(db, row.id, "superseded"), "validation_failed", "status");
    const [superseded] = await db.select().from(t.assignments).where(eq(t.assignments.status, "superseded"));
    await rejects(() => setAssignmentStatus(db, superseded!.id, "published"), "conflict");
  });

  it("changes plan status, name, date and tracks, refusing bad values", async () => {
    const [plan] = await db.select().from(t.learningPlans).where(eq(t.learningPlans.status, "active"));
    expect((await setPlanStatus(db, plan!.id, "paused")).status).toBe("paused");
    await rejects(() => setPlanStatus(db, plan!.id, "archived"), "validation_failed", "status");
    await rejects(
      () => updatePlan(db, plan!.id, { targetCompletionDate: "2000-01-01" }),
      "validation_failed",
      "targetCompletionDate",
    );
    await rejects(() => updatePlan(db, plan!.id, {}), "validation_failed");
    const tracks = [
      {
        type: "new_memorization" as const,
        unit: "ayah" as const,
        target: 4,
        tolerance: 1,
        next_position: { surah: 2, ayah: 10 },
        completed_at: null,
      },
    ];
    await rejects(() => updatePlan(db, plan!.id, { tracks: [...tracks, ...tracks] }), "validation_failed", "tracks");
    await rejects(
      () => updatePlan(db, plan!.id, { tracks: [{ ...tracks[0]!, unit: "furlong" as never }] }),
      "validation_failed",
      "tracks.0.unit",
    );
    const updated = await updatePlan(db, plan!.id, { name: "Al-Baqarah, revised", tracks });
    expect(updated).toMatchObject({ name: "Al-Baqarah, revised", tracks });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(plan!.updatedAt.getTime());
  });
});

describe("plan configuration", () => {
  it("bumps every plan of the school when its plan policy changes, and no other school's", async () => {
    const alnoor = await school(DEMO_SCHOOLS.alnoor.name);
    const arqam = await school(DEMO_SCHOOLS.arqam.name);
    const [before, other] = [await plansOf(alnoor.id), await plansOf(arqam.id)];
    const result = await setSchoolPolicy(db, alnoor.id, { publicationPolicy: "automatic" });
    expect(result).toMatchObject({ publicationPolicy: "automatic", plansTouched: before.length });
    const after = await plansOf(alnoor.id);
    for (const plan of after)
      expect(plan.updatedAt.getTime()).toBeGreaterThan(before.find((row) => row.id === plan.id)!.updatedAt.getTime());
    expect(JSON.stringify(await plansOf(arqam.id))).toBe(JSON.stringify(other));
    expect((await setSchoolPolicy(db, alnoor.id, { suspended: false })).plansTouched).toBe(0);
  });

  it("validates school policy input", async () => {
    const alnoor = await school(DEMO_SCHOOLS.alnoor.name);
    await rejects(
      () => setSchoolPolicy(db, alnoor.id, { allowedNetworks: ["10.0.0.0/33"] }),
      "validation_failed",
      "allowedNetworks.0",
    );
    await rejects(
      () => setSchoolPolicy(db, alnoor.id, { allowedWriteScopes: ["students:read"] as never }),
      "validation_failed",
      "allowedWriteScopes.0",
    );
    await rejects(
      () => setSchoolPolicy(db, alnoor.id, { publicationPolicy: "sometimes" as never }),
      "validation_failed",
      "publicationPolicy",
    );
    await rejects(() => setSchoolPolicy(db, alnoor.id, {}), "validation_failed");
    await rejects(() => setSchoolPolicy(db, "sch_nope", { suspended: true }), "not_found");
    const updated = await setSchoolPolicy(db, alnoor.id, {
      allowedNetworks: ["127.0.0.1/32", " ::1 "],
      allowedWriteScopes: ["attendance:write", "attendance:write"],
    });
    expect(updated).toMatchObject({
      allowedNetworks: ["127.0.0.1/32", "::1"],
      allowedWriteScopes: ["attendance:write"],
    });
    await setSchoolPolicy(db, alnoor.id, { allowedNetworks: null, allowedWriteScopes: null });
  });

  it("bumps only the plans of the halqa's students, or of the one learner", async () => {
    const [plan] = await db.select().from(t.learningPlans);
    const [student] = await db.select().from(t.students).where(eq(t.students.id, plan!.studentId));
    const halqaStudents = new Set(
      (await db.select().from(t.students).where(eq(t.students.halqaId, student!.halqaId))).map((row) => row.id),
    );
    const before = await db.select().from(t.learningPlans);
    const result = await setHalqaPlanConfig(db, student!.halqaId, { automationPaused: true, publicationPolicy: null });
    const after = await db.select().from(t.learningPlans);
    const moved = after.filter(
      (row) => row.updatedAt.getTime() !== before.find((old) => old.id === row.id)!.updatedAt.getTime(),
    );
    expect(moved.length).toBe(result.plansTouched);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((row) => halqaStudents.has(row.studentId))).toBe(true);

    const learner = await setStudentPlanConfig(db, student!.id, { publicationPolicy: "staff_review" });
    expect(learner).toMatchObject({
      publicationPolicy: "staff_review",
      plansTouched: after.filter((row) => row.studentId === student!.id).length,
    });
    await rejects(
      () => setStudentPlanConfig(db, student!.id, { automationPaused: "yes" as never }),
      "validation_failed",
      "automationPaused",
    );
    await rejects(() => setHalqaPlanConfig(db, student!.halqaId, {}), "validation_failed");
  });
});

describe("sheikhs and keys", () => {
  it("sets a sheikh's status", async () => {
    const [sheikh] = await db.select().from(t.sheikhs).where(eq(t.sheikhs.status, "inactive"));
    expect((await setSheikhStatus(db, sheikh!.id, "active")).status).toBe("active");
    expect((await setSheikhStatus(db, sheikh!.id, "inactive")).status).toBe("inactive");
    await rejects(() => setSheikhStatus(db, sheikh!.id, "retired"), "validation_failed", "status");
  });

  it("issues a key once, stores only its hash, and revokes it", async () => {
    const alnoor = await school(DEMO_SCHOOLS.alnoor.name);
    const created = await createApiKey(db, alnoor.id, {
      name: "Attendance kiosk",
      scopes: ["attendance:write", "attendance:read", "attendance:read"],
    });
    expect(created.key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(created.scopes).toEqual(["attendance:write", "attendance:read"]);
    const [stored] = await db.select().from(t.apiKeys).where(eq(t.apiKeys.id, created.id));
    expect(stored!.keyHash).toBe(hashKey(created.key));
    expect(JSON.stringify(await listApiKeys(db, alnoor.id))).not.toContain(created.key);
    const revoked = await revokeApiKey(db, created.id);
    expect(revoked.revokedAt).not.toBeNull();
    expect((await revokeApiKey(db, created.id)).revokedAt).toEqual(revoked.revokedAt);

    await rejects(
      () => createApiKey(db, alnoor.id, { name: "x", scopes: ["students:sensitive:read"] }),
      "validation_failed",
      "scopes.0",
    );
    await rejects(() => createApiKey(db, alnoor.id, { name: "x", scopes: [] }), "validation_failed", "scopes");
    await rejects(
      () => createApiKey(db, alnoor.id, { name: "x", scopes: ["school:read"], expiresAt: "2001-01-01T00:00:00.000Z" }),
      "validation_failed",
      "expiresAt",
    );
    await rejects(() => createApiKey(db, "sch_nope", { name: "x", scopes: ["school:read"] }), "not_found");
    await rejects(() => revokeApiKey(db, "key_nope"), "not_found");
  });

  it("touches a share of a school's plans", async () => {
    const alnoor = await school(DEMO_SCHOOLS.alnoor.name);
    const result = await touchPlans(db, alnoor.id, 0.5);
    expect(result.touched).toBe(Math.ceil(result.plans * 0.5));
    await rejects(() => touchPlans(db, alnoor.id, 0), "validation_failed", "fraction");
    await rejects(() => touchPlans(db, alnoor.id, 1.5), "validation_failed", "fraction");
  });
});
