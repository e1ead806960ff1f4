import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ALL_SCOPES } from "@/lib/contract";
import type { Db } from "../db/client";
import { apiKeys, semesters } from "../db/schema";
import { ApiError, validationFailed } from "../errors";
import { newId } from "../ids";
import { hashKey } from "../key-hash";
import { issuesToFields } from "../request";
import { ALNOOR, PLAN_STATUS_CYCLE } from "./demo-layout";
import { insertRows } from "./insert";
import { FAMILIES_SAUDI, personName } from "./names";
import { PLAN_TEMPLATES } from "./plan-templates";
import { buildPlan } from "./plans";
import { createRng } from "./random";
import { emptyRows, type SeedRows, type StudentRow } from "./rows";
import { past, type SeedClock } from "./structure";
import { addDays, addMinutes, localDate, zonedTime } from "./time";

const GenerateOptions = z.strictObject({
  plans: z.number().int().min(0).max(1_000_000),
  assignmentsPerPlan: z.number().int().min(0).max(1000),
  /** The new school's key; not with `schoolId`, which grows a school that has its keys already. */
  key: z
    .string()
    .regex(/^[A-Za-z0-9._~+/-]{8,256}$/, "must be 8-256 characters of A-Z a-z 0-9 . _ ~ + / -")
    .optional(),
  /** Grow this existing school instead (its active semester gets the halqas, students and plans). */
  schoolId: z.string().min(1).max(64).optional(),
  studentsPerHalqa: z.number().int().min(1).max(200).default(30),
  /** Students in the school; defaults to one per plan. */
  students: z.number().int().min(1).max(1_000_000).optional(),
  name: z.string().trim().min(1).max(120).optional(),
  timeZone: z.string().default("Asia/Riyadh"),
  /** Requests per minute for the key; 0 (the default) is unlimited, for benchmarks. */
  rateLimitPerMinute: z.number().int().min(0).nullable().default(0),
  seed: z.number().int().default(20_240_601),
  now: z.date().optional(),
  /** Past days on which every halqa also met (an ended session a day), as a school's month of records. */
  sessionDays: z.number().int().min(0).max(400).default(0),
});
export type GenerateOptions = z.input<typeof GenerateOptions>;
export type GeneratedSchool = {
  schoolId: string;
  students: number;
  halqas: number;
  plans: number;
  assignments: number;
};

const PLANS_PER_BATCH = 1000;
const TEMPLATE_KEYS = Object.keys(PLAN_TEMPLATES) as (keyof typeof PLAN_TEMPLATES)[];

/**
 * A large school for benchmarks: one active semester, halqas of `studentsPerHalqa` with an
 * open session today each (and an ended one on each of the last `sessionDays` days), `plans` learning plans of `assignmentsPerPlan` assignments each
 * (one of them a replacement when there are four or more), and a key with every scope.
 * Everything goes in one transaction, inserted in batches of about a thousand rows.
 */
export async function generateSchool(db: Db, input: GenerateOptions): Promise<GeneratedSchool> {
  const parsed = GenerateOptions.safeParse(input);
  if (!parsed.success) throw validationFailed(issuesToFields(parsed.error), "Invalid options for generating a school");
  const options = parsed.data;
  if (Boolean(options.key) === Boolean(options.schoolId))
    throw validationFailed(
      { key: "give a key for a new school, or a schoolId to grow one (not both)" },
      "Invalid options for generating a school",
    );
  const now = options.now ?? new Date();
  const clock: SeedClock = { now, today: localDate(now, options.timeZone), timeZone: options.timeZone };
  const rng = createRng(options.seed);
  const studentCount = options.students ?? Math.max(options.plans, options.studentsPerHalqa);

  const result = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows = emptyRows();
    const createdAt = past(clock, zonedTime(addDays(clock.today, -90), "09:00", clock.timeZone));
    const { schoolId, semester } = options.schoolId
      ? await activeSemesterOf(tx, options.schoolId)
      : await newSchool(tx, rows, options, clock, createdAt);

    const names = new Set<string>();
    const students: StudentRow[] = [];
    const halqaCount = Math.ceil(studentCount / options.studentsPerHalqa);
    for (let h = 0; h < halqaCount; h++) {
      const halqaId = newId("hlq", createdAt.getTime());
      const sheikhId = newId("shk", createdAt.getTime());
      rows.halqas.push({
        id: halqaId,
        schoolId,
        lineageId: halqaId,
        semesterId: semester.id,
        name: `${options.schoolId ? "Generated circle" : "Circle"} ${h + 1}`,
        description: "Generated for benchmarks",
        createdAt,
        updatedAt: createdAt,
      });
      rows.sheikhs.push({
        id: sheikhId,
        schoolId,
        name: personName(rng, "boys", FAMILIES_SAUDI, names).name,
        createdAt,
        updatedAt: createdAt,
      });
      rows.halqaSheikhs.push({ schoolId, halqaId, sheikhId });
      const startsAt = addMinutes(now, -15);
      rows.sessions.push({
        id: newId("ses"),
        schoolId,
        halqaId,
        sheikhId,
        semesterId: semester.id,
        status: "open",
        date: clock.today,
        startsAt,
        topic: null,
        createdAt: startsAt,
        updatedAt: startsAt,
      });
      for (let d = options.sessionDays; d >= 1; d--) {
        const date = addDays(clock.today, -d);
        const began = zonedTime(date, "16:00", clock.timeZone);
        const ended = addMinutes(began, 90);
        rows.sessions.push({
          id: newId("ses", began.getTime()),
          schoolId,
          halqaId,
          sheikhId,
          semesterId: semester.id,
          status: "ended",
          date,
          startsAt: began,
          endedAt: ended,
          topic: null,
          createdAt: began,
          updatedAt: ended,
        });
      }
      for (let s = 0; s < options.studentsPerHalqa && students.length < studentCount; s++) {
        const id = newId("stu", createdAt.getTime());
        const person = personName(rng, "mixed", FAMILIES_SAUDI, names);
        const student = {
          id,
          schoolId,
          lineageId: id,
          semesterId: semester.id,
          halqaId,
          fullName: person.name,
          preferredName: person.preferred ?? null,
          enrolledOn: semester.startsOn,
          dateOfBirth: "2014-03-09",
          guardianPhone: "+966 50 000 0000",
          privateNotes: null,
          createdAt,
          updatedAt: createdAt,
        };
        students.push(student);
        rows.students.push(student);
      }
    }
    await insertRows(tx, rows);

    let assignments = 0;
    for (let start = 0; start < options.plans; start += PLANS_PER_BATCH) {
      const batch: SeedRows = emptyRows();
      for (let p = start; p < Math.min(options.plans, start + PLANS_PER_BATCH); p++) {
        const student = students[p % students.length];
        if (!student) break;
        const replacements = options.assignmentsPerPlan >= 4 ? 1 : 0;
        const built = buildPlan({
          rng,
          clock,
          schoolId,
          studentId: student.id,
          semesterId: semester.id,
          status: PLAN_STATUS_CYCLE[p % PLAN_STATUS_CYCLE.length] ?? "active",
          template: PLAN_TEMPLATES[rng.pick(TEMPLATE_KEYS)],
          assignments: options.assignmentsPerPlan - replacements,
          replacements,
          staffReview: true,
        });
        batch.plans.push(built.plan);
        batch.assignments.push(...built.assignments);
      }
      assignments += batch.assignments.length;
      await insertRows(tx, batch);
    }
    return { schoolId, students: students.length, halqas: halqaCount, plans: options.plans, assignments };
  });
  // Fresh planner statistics, so the first queries on a bulk-loaded school use their indexes.
  await db.execute(sql`analyze`);
  return result;
}

type Semester = { id: string; startsOn: string };

/** A new school with one active semester and a key holding every scope. */
async function newSchool(
  tx: Db,
  rows: SeedRows,
  options: z.output<typeof GenerateOptions>,
  clock: SeedClock,
  createdAt: Date,
): Promise<{ schoolId: string; semester: Semester }> {
  const key = options.key ?? "";
  const [taken] = await tx
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashKey(key)))
    .limit(1);
  if (taken) throw new ApiError("conflict", "That key is already in use; choose another --key");
  const schoolId = newId("sch", createdAt.getTime());
  const name = options.name ?? `Benchmark School (${options.plans} plans × ${options.assignmentsPerPlan})`;
  rows.schools.push({
    id: schoolId,
    name,
    nameAr: null,
    timeZone: options.timeZone,
    ratingScale: ALNOOR.ratingScale,
    createdAt,
    updatedAt: createdAt,
  });
  const semester = {
    id: newId("sem", createdAt.getTime()),
    schoolId,
    name: "Benchmark term",
    status: "active",
    startsOn: addDays(clock.today, -60),
    endsOn: addDays(clock.today, 60),
    createdAt,
    updatedAt: createdAt,
  };
  rows.semesters.push(semester);
  rows.apiKeys.push({
    id: newId("key"),
    schoolId,
    name: "Benchmark key (all scopes)",
    keyHash: hashKey(key),
    scopes: [...ALL_SCOPES],
    rateLimitPerMinute: options.rateLimitPerMinute,
    createdAt,
  });
  return { schoolId, semester };
}

/** An existing school's active semester, to grow that school (e.g. the demo school, for tests at a real size). */
async function activeSemesterOf(tx: Db, schoolId: string): Promise<{ schoolId: string; semester: Semester }> {
  const [semester] = await tx
    .select({ id: semesters.id, startsOn: semesters.startsOn })
    .from(semesters)
    .where(and(eq(semesters.schoolId, schoolId), eq(semesters.status, "active")))
    .orderBy(asc(semesters.id))
    .limit(1);
  if (!semester) throw new ApiError("not_found", "No school with that id has an active semester");
  return { schoolId, semester };
}
