import { and, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import {
  CalendarDate,
  Id,
  PLAN_STATUSES,
  PUBLICATION_POLICIES,
  RECITATION_KINDS,
  TRACK_UNITS,
  WorkloadTrack,
} from "@/lib/contract";
import type { Db } from "../db/client";
import { halqas, learningPlans, schools, students } from "../db/schema";
import { notFound, validationFailed } from "../errors";
import { bumpedAt, parseInput } from "./input";
import { columnsOf } from "./rows";

type PlanRow = typeof learningPlans.$inferSelect;

/** The plan as the school's application sees it (internal names; not the API's wire shape). */
const SUMMARY_COLUMNS = [
  "id",
  "schoolId",
  "studentId",
  "name",
  "status",
  "targetCompletionDate",
  "tracks",
  "updatedAt",
] as const;
export type PlanSummary = Pick<PlanRow, (typeof SUMMARY_COLUMNS)[number]>;
const summary = (row: PlanRow): PlanSummary => columnsOf(row, SUMMARY_COLUMNS);

const PlanStatus = z.enum(PLAN_STATUSES, { error: `must be one of ${PLAN_STATUSES.join(", ")}` });

export async function setPlanStatus(db: Db, planId: string, status: string): Promise<PlanSummary> {
  const id = parseInput(Id, planId, "plan id");
  const next = parseInput(z.strictObject({ status: PlanStatus }), { status }, "plan status").status;
  return editPlan(db, id, (plan) => (plan.status === next ? null : { status: next }));
}

/**
 * Changes one plan under a row lock: `change` reads the locked plan and gives the columns to set
 * (null: nothing to change, the plan is answered as it is); the change bumps `updatedAt`.
 */
async function editPlan(
  db: Db,
  id: string,
  change: (plan: typeof learningPlans.$inferSelect) => Partial<typeof learningPlans.$inferInsert> | null,
): Promise<PlanSummary> {
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(learningPlans).where(eq(learningPlans.id, id)).for("update");
    if (!plan) throw notFound("Learning plan");
    const set = change(plan);
    if (!set) return summary(plan);
    const [updated] = await tx
      .update(learningPlans)
      .set({ ...set, updatedAt: bumpedAt(new Date()) })
      .where(eq(learningPlans.id, id))
      .returning();
    if (!updated) throw new Error("update returned no row");
    return summary(updated);
  });
}

const Track = WorkloadTrack.extend({
  unit: z.enum(TRACK_UNITS, { error: `must be one of ${TRACK_UNITS.join(", ")}` }),
  target: z.number().positive("must be more than 0"),
  tolerance: z.number().min(0, "must not be negative"),
});

const PlanChanges = z
  .strictObject({
    name: z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters").optional(),
    targetCompletionDate: CalendarDate.optional(),
    tracks: z
      .array(Track)
      .min(1, "give at least one track")
      .max(RECITATION_KINDS.length)
      .refine(
        (tracks) => new Set(tracks.map((track) => track.type)).size === tracks.length,
        "each track type may appear once",
      )
      .optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, "give at least one of name, targetCompletionDate, tracks");
export type PlanChanges = z.input<typeof PlanChanges>;

/** Edits a plan's name, target date or workload tracks. */
export async function updatePlan(db: Db, planId: string, changes: PlanChanges): Promise<PlanSummary> {
  const id = parseInput(Id, planId, "plan id");
  const input = parseInput(PlanChanges, changes, "plan changes");
  return editPlan(db, id, (plan) => {
    if (input.targetCompletionDate && input.targetCompletionDate < plan.periodStart) {
      throw validationFailed({ targetCompletionDate: `must not be before the period start (${plan.periodStart})` });
    }
    return input;
  });
}

const PlanConfig = z
  .strictObject({
    publicationPolicy: z
      .enum(PUBLICATION_POLICIES, { error: `must be one of ${PUBLICATION_POLICIES.join(", ")}, or null to inherit` })
      .nullable()
      .optional(),
    automationPaused: z.boolean({ error: "must be true or false, or null to inherit" }).nullable().optional(),
  })
  .refine((config) => Object.keys(config).length > 0, "give publicationPolicy and/or automationPaused (null inherits)");
export type PlanConfig = z.input<typeof PlanConfig>;
export type PlanConfigResult = {
  id: string;
  publicationPolicy: string | null;
  automationPaused: boolean | null;
  plansTouched: number;
};

const changed = (
  config: z.output<typeof PlanConfig>,
  current: { publicationPolicy: string | null; automationPaused: boolean | null },
) =>
  (config.publicationPolicy !== undefined && config.publicationPolicy !== current.publicationPolicy) ||
  (config.automationPaused !== undefined && config.automationPaused !== current.automationPaused);

/**
 * Halqa-level plan configuration (null inherits the school's). The effective policy of a plan
 * is response state, so every plan of the halqa's students moves its `updated_at`.
 */
export async function setHalqaPlanConfig(db: Db, halqaId: string, config: PlanConfig): Promise<PlanConfigResult> {
  const id = parseInput(Id, halqaId, "halqa id");
  const input = parseInput(PlanConfig, config, "plan configuration");
  return db.transaction(async (tx) => {
    const [halqa] = await tx.select().from(halqas).where(eq(halqas.id, id)).for("update");
    if (!halqa) throw notFound("Halqa");
    const now = new Date();
    const [updated] = await tx
      .update(halqas)
      .set({ ...input, updatedAt: now })
      .where(eq(halqas.id, id))
      .returning();
    if (!updated) throw new Error("update returned no row");
    let plansTouched = 0;
    if (changed(input, halqa)) {
      const learners = tx.select({ id: students.id }).from(students).where(eq(students.halqaId, id));
      plansTouched = (
        await tx
          .update(learningPlans)
          .set({ updatedAt: bumpedAt(now) })
          .where(inArray(learningPlans.studentId, learners))
          .returning({ id: learningPlans.id })
      ).length;
    }
    return {
      id,
      publicationPolicy: updated.publicationPolicy,
      automationPaused: updated.automationPaused,
      plansTouched,
    };
  });
}

/** Learner-level plan configuration (null inherits the halqa's); bumps that learner's plans. */
export async function setStudentPlanConfig(db: Db, studentId: string, config: PlanConfig): Promise<PlanConfigResult> {
  const id = parseInput(Id, studentId, "student id");
  const input = parseInput(PlanConfig, config, "plan configuration");
  return db.transaction(async (tx) => {
    const [student] = await tx.select().from(students).where(eq(students.id, id)).for("update");
    if (!student) throw notFound("Student");
    const now = new Date();
    const [updated] = await tx
      .update(students)
      .set({ ...input, updatedAt: now })
      .where(eq(students.id, id))
      .returning();
    if (!updated) throw new Error("update returned no row");
    let plansTouched = 0;
    if (changed(input, student)) {
      plansTouched = (
        await tx
          .update(learningPlans)
          .set({ updatedAt: bumpedAt(now) })
          .where(eq(learningPlans.studentId, id))
          .returning({ id: learningPlans.id })
      ).length;
    }
    return {
      id,
      publicationPolicy: updated.publicationPolicy,
      automationPaused: updated.automationPaused,
      plansTouched,
    };
  });
}

/** Changes a share of a school's plans (their `updated_at`), so benchmarks can measure incremental sync. */
export async function touchPlans(
  db: Db,
  schoolId: string,
  fraction: number,
): Promise<{ schoolId: string; plans: number; touched: number }> {
  const id = parseInput(Id, schoolId, "school id");
  const share = parseInput(
    z.strictObject({ fraction: z.number().gt(0, "must be more than 0").max(1, "must be at most 1") }),
    { fraction },
    "fraction",
  ).fraction;
  return db.transaction(async (tx) => {
    const [school] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, id));
    if (!school) throw notFound("School");
    const [total] = await tx.select({ n: count() }).from(learningPlans).where(eq(learningPlans.schoolId, id));
    const plans = total?.n ?? 0;
    const limit = Math.ceil(plans * share);
    const chosen = tx
      .select({ id: learningPlans.id })
      .from(learningPlans)
      .where(eq(learningPlans.schoolId, id))
      .orderBy(sql`random()`)
      .limit(limit);
    const touched = await tx
      .update(learningPlans)
      .set({ updatedAt: bumpedAt(new Date()) })
      .where(and(eq(learningPlans.schoolId, id), inArray(learningPlans.id, chosen)))
      .returning({ id: learningPlans.id });
    return { schoolId: id, plans, touched: touched.length };
  });
}
