import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Context, Handlers } from "../context";
import { assignments, halqas, learningPlans, students } from "../db/schema";
import { notFound } from "../errors";
import { assignmentColumns, toAssignment, toPlan, type AssignmentPublicRow, type EffectivePolicy } from "../mappers";
import { paginate } from "../pagination";
import { findOne, pageById, paramFilters } from "./shared";

type PlanRow = typeof learningPlans.$inferSelect;
type AssignmentRow = AssignmentPublicRow;

/**
 * The currently effective policy of each plan's learner: the learner's own configuration, else
 * the halqa's, else the school's. It is response state, computed now, not creation data.
 */
async function effectivePolicies(ctx: Context, plans: PlanRow[]): Promise<Map<string, EffectivePolicy>> {
  const studentIds = [...new Set(plans.map((plan) => plan.studentId))];
  const rows = studentIds.length
    ? await ctx.db
        .select({
          studentId: students.id,
          learnerPolicy: students.publicationPolicy,
          learnerPaused: students.automationPaused,
          halqaPolicy: halqas.publicationPolicy,
          halqaPaused: halqas.automationPaused,
        })
        .from(students)
        .innerJoin(halqas, eq(halqas.id, students.halqaId))
        .where(and(eq(students.schoolId, ctx.school.id), inArray(students.id, studentIds)))
    : [];
  const school = ctx.school;
  const byStudent = new Map<string, EffectivePolicy>();
  for (const row of rows) {
    const source = row.learnerPolicy !== null || row.learnerPaused !== null ? "learner" : row.halqaPolicy !== null || row.halqaPaused !== null ? "halqa" : "school";
    byStudent.set(row.studentId, {
      publication_policy: row.learnerPolicy ?? row.halqaPolicy ?? school.publicationPolicy,
      automation_paused: row.learnerPaused ?? row.halqaPaused ?? school.automationPaused,
      policy_source: source,
    });
  }
  const fallback: EffectivePolicy = { publication_policy: school.publicationPolicy, automation_paused: school.automationPaused, policy_source: "school" };
  return new Map(plans.map((plan) => [plan.id, byStudent.get(plan.studentId) ?? fallback]));
}

async function withPolicies(ctx: Context, plans: PlanRow[]) {
  const policies = await effectivePolicies(ctx, plans);
  return plans.map((plan) => toPlan(plan, policies.get(plan.id)!));
}

/**
 * One page of a plan's history, built once per database (a sync asks for every plan's history):
 * the plan joined to its assignments after a sequence, optionally of one status.
 */
function prepareHistoryPage(db: Db) {
  return db
    .select({ plan: learningPlans.id, assignment: assignmentColumns })
    .from(learningPlans)
    .leftJoin(
      assignments,
      and(
        eq(assignments.planId, learningPlans.id),
        eq(assignments.schoolId, sql.placeholder("school")),
        sql`(${sql.placeholder("status")}::text is null or ${assignments.status} = ${sql.placeholder("status")})`,
        gt(assignments.sequence, sql.placeholder("after")),
      ),
    )
    .where(and(eq(learningPlans.schoolId, sql.placeholder("school")), eq(learningPlans.id, sql.placeholder("plan"))))
    .orderBy(asc(assignments.sequence))
    .limit(sql.placeholder("limit"))
    .prepare("assignments_history_page");
}
const historyPages = new WeakMap<Db, ReturnType<typeof prepareHistoryPage>>();
function historyPage(db: Db) {
  let prepared = historyPages.get(db);
  if (!prepared) historyPages.set(db, (prepared = prepareHistoryPage(db)));
  return prepared;
}

export const planHandlers: Pick<Handlers, "listPlans" | "getPlan" | "listAssignments"> = {
  listPlans: async (ctx, { query }) => {
    const page = await pageById<PlanRow, PlanRow>(ctx, {
      scope: "learning-plans",
      table: learningPlans,
      query,
      filters: paramFilters(query, { status: learningPlans.status, student_id: learningPlans.studentId }),
      map: (row) => row,
      sync: true,
    });
    return { data: await withPolicies(ctx, page.data), pagination: page.pagination };
  },

  getPlan: async (ctx, { params }) => {
    const plan = await findOne<PlanRow>(ctx, learningPlans, params.id ?? "");
    if (!plan) throw notFound("Learning plan");
    const [data] = await withPolicies(ctx, [plan]);
    return { data: data! };
  },

  /**
   * The whole history in order; replaced assignments stay, linked to their replacements. One query
   * a page (a sync reads every plan's history): the plan, joined to its next assignments, so that no
   * row at all means no such plan here, and one row without an assignment an empty history.
   */
  listAssignments: async (ctx, { params, query }) => {
    const planId = params.id ?? "";
    let planFound = false;
    const reading = paginate<AssignmentRow>({
      scope: `assignments:${planId}`,
      query,
      now: ctx.now,
      key: (row) => String(row.sequence),
      fetchAfter: async (after, n) => {
        const rows = await historyPage(ctx.db).execute({ school: ctx.school.id, plan: planId, status: query.status ?? null, after: after === null ? -1 : Number(after), limit: n });
        planFound = rows.length > 0;
        return rows.flatMap((row) => (row.assignment ? [row.assignment as AssignmentRow] : []));
      },
    });
    // A cursor refused before the query ran: a missing plan is still a 404, as without a cursor.
    const page = await reading.catch(async (error: unknown) => {
      if (!(await findOne<PlanRow>(ctx, learningPlans, planId))) throw notFound("Learning plan");
      throw error;
    });
    if (!planFound) throw notFound("Learning plan");
    return { data: page.data.map(toAssignment), pagination: page.pagination };
  },
};
