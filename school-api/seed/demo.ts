import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { schools } from "../db/schema";
import { newId } from "../ids";
import { hashKey } from "../key-hash";
import { buildActivity } from "./activity";
import { buildHistory } from "./history";
import { DEMO_KEY_SPECS, type DemoSchool } from "./demo-facts";
import { ALNOOR, ARQAM, PLAN_STATUS_CYCLE, type SchoolSpec } from "./demo-layout";
import { insertRows } from "./insert";
import { PLAN_TEMPLATES, type PlanTemplate } from "./plan-templates";
import { buildPlan } from "./plans";
import { createRng, type Rng } from "./random";
import { emptyRows, type SeedRows } from "./rows";
import { buildStructure, past, type SeedClock, type Structure } from "./structure";
import { addDays, localDate, zonedTime } from "./time";

const SEED_LOCK = 7_214_031;
const SPECS: Record<DemoSchool, SchoolSpec> = { alnoor: ALNOOR, arqam: ARQAM };

/**
 * Seeds the two demo schools unless they exist. The same `now` gives the same data, ids
 * aside; dates are relative to `now`, so the demo always has a current semester and today's
 * lesson. Concurrent callers (several server workers starting at once) serialize on a lock.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const names = Object.values(SPECS).map((spec) => spec.name);
    const existing = new Set(
      (await tx.select({ name: schools.name }).from(schools).where(inArray(schools.name, names))).map(
        (row) => row.name,
      ),
    );
    for (const [school, spec] of Object.entries(SPECS) as [DemoSchool, SchoolSpec][]) {
      if (existing.has(spec.name)) continue;
      await insertRows(tx as unknown as Db, buildDemoSchool(school, spec, now));
    }
  });
}

/** Every row of one demo school, built in memory. */
export function buildDemoSchool(school: DemoSchool, spec: SchoolSpec, now: Date): SeedRows {
  const rng = createRng(spec.seed);
  const clock: SeedClock = { now, today: localDate(now, spec.timeZone), timeZone: spec.timeZone };
  const rows = emptyRows();
  const structure = buildStructure(spec, rng, clock, rows);
  buildActivity(spec, structure, rng, clock, rows);
  // Its own generator: the recent weeks and the plans stay as they were.
  buildHistory(spec, structure, createRng(spec.seed + 15), clock, rows);
  applyLearnerOverrides(spec, structure);
  buildDemoPlans(spec, structure, rng, clock, rows);
  for (const key of DEMO_KEY_SPECS.filter((entry) => entry.school === school)) {
    const createdAt = past(
      clock,
      zonedTime(addDays(clock.today, key.state === "valid" ? -60 : -200), "09:30", clock.timeZone),
    );
    rows.apiKeys.push({
      id: newId("key", createdAt.getTime()),
      schoolId: structure.schoolId,
      name: key.name,
      keyHash: hashKey(key.key),
      scopes: [...key.scopes],
      expiresAt:
        key.state === "expired" ? past(clock, zonedTime(addDays(clock.today, -30), "00:00", clock.timeZone)) : null,
      revokedAt:
        key.state === "revoked" ? past(clock, zonedTime(addDays(clock.today, -45), "14:00", clock.timeZone)) : null,
      createdAt,
    });
  }
  return rows;
}

function activeRoster(structure: Structure, halqaKey: string) {
  const entry = structure.halqas.find((halqa) => halqa.spec.key === halqaKey && halqa.kind === "active");
  return entry ? (structure.rosters.get(entry.row.id) ?? []) : [];
}

function applyLearnerOverrides(spec: SchoolSpec, structure: Structure): void {
  for (const override of spec.learnerOverrides) {
    const student = activeRoster(structure, override.halqa)[override.index];
    if (!student) continue;
    student.publicationPolicy = override.publicationPolicy ?? null;
    student.automationPaused = override.automationPaused ?? null;
  }
}

/** One plan each for active students of running halqas, taken round robin so every halqa has some. */
function buildDemoPlans(spec: SchoolSpec, structure: Structure, rng: Rng, clock: SeedClock, rows: SeedRows): void {
  const running = spec.halqas.filter((halqa) => halqa.activeNow && halqa.semesters.includes("active"));
  const queues = running.map((halqa) => ({
    halqa,
    students: activeRoster(structure, halqa.key).filter((student) => student.status === "active"),
  }));
  const staffReview = (policy: string | null | undefined) =>
    (policy ?? spec.policy.publicationPolicy) === "staff_review";
  let made = 0;
  for (let round = 0; made < spec.plans && queues.some((queue) => queue.students.length > round); round++) {
    for (const { halqa, students } of queues) {
      const student = students[round];
      if (!student || made >= spec.plans) continue;
      const templateKeys = spec.templates[halqa.key] ?? ["juzAmma"];
      const template: PlanTemplate =
        PLAN_TEMPLATES[rng.pick(templateKeys) as keyof typeof PLAN_TEMPLATES] ?? PLAN_TEMPLATES.juzAmma;
      const status = PLAN_STATUS_CYCLE[made % PLAN_STATUS_CYCLE.length] ?? "active";
      const built = buildPlan({
        rng,
        clock,
        schoolId: structure.schoolId,
        studentId: student.id,
        semesterId: made % 11 === 5 ? null : structure.semesters.active.id,
        status,
        template,
        assignments: status === "draft" ? rng.int(1, 3) : rng.int(4, 9),
        replacements: made % 7 === 0 ? 2 : made % 3 === 0 ? 1 : 0,
        staffReview: staffReview(student.publicationPolicy ?? halqa.publicationPolicy),
      });
      rows.plans.push(built.plan);
      rows.assignments.push(...built.assignments);
      made++;
    }
  }
}
