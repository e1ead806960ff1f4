import { and, eq, inArray, sql } from "drizzle-orm";
import type { Assignment } from "@/lib/contract";
import type { Context, Handlers } from "../context";
import { halqas, learningPlans, students } from "../db/schema";
import { notFound } from "../errors";
import { toPlan, type EffectivePolicy } from "../mappers";
import { paginate } from "../pagination";
import { findOne, pageById, paramFilters } from "./shared";

type PlanRow = typeof learningPlans.$inferSelect;

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
    const source =
      row.learnerPolicy !== null || row.learnerPaused !== null
        ? "learner"
        : row.halqaPolicy !== null || row.halqaPaused !== null
          ? "halqa"
          : "school";
    byStudent.set(row.studentId, {
      publication_policy: row.learnerPolicy ?? row.halqaPolicy ?? school.publicationPolicy,
      automation_paused: row.learnerPaused ?? row.halqaPaused ?? school.automationPaused,
      policy_source: source,
    });
  }
  const fallback: EffectivePolicy = {
    publication_policy: school.publicationPolicy,
    automation_paused: school.automationPaused,
    policy_source: "school",
  };
  return new Map(plans.map((plan) => [plan.id, byStudent.get(plan.studentId) ?? fallback]));
}

async function withPolicies(ctx: Context, plans: PlanRow[]) {
  const policies = await effectivePolicies(ctx, plans);
  return plans.map((plan) => toPlan(plan, policies.get(plan.id)!));
}

type HistoryEntry = [sequence: number, record: Assignment];
const TIMESTAMPS = ["published_at", "started_at", "completed_at", "superseded_at", "created_at", "updated_at"] as const;

/**
 * One page of a plan's history, as the database function `assignment_history_page` builds it
 * (migration 0003: a sync reads every plan's history, so the query is planned once per connection
 * and the page travels as one JSON text), or null when the school has no such plan. The database
 * writes timestamps in its own ISO 8601 form; the API's is `Date#toISOString`.
 */
async function historyPage(
  ctx: Context,
  input: { plan: string; status: string | null; after: number; limit: number },
): Promise<HistoryEntry[] | null> {
  const { rows } = (await ctx.db.execute(
    sql`select assignment_history_page(${ctx.school.id}, ${input.plan}, ${input.status}, ${input.after}, ${input.limit}) as page`,
  )) as unknown as { rows: { page: string | null }[] };
  const page = rows[0]?.page;
  if (page == null) return null;
  const entries = JSON.parse(page) as HistoryEntry[];
  for (const [, record] of entries) {
    for (const field of TIMESTAMPS) if (record[field] !== null) record[field] = new Date(record[field]).toISOString();
  }
  return entries;
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
   * a page (a sync reads every plan's history): the plan's next assignments, or null when there is
   * no such plan here (an empty history is an empty page).
   */
  listAssignments: async (ctx, { params, query }) => {
    const planId = params.id ?? "";
    let planFound = false;
    const reading = paginate<HistoryEntry>({
      school: ctx.school.id,
      scope: `assignments:${planId}`,
      query,
      now: ctx.now,
      key: ([sequence]) => String(sequence),
      fetchAfter: async (after, n) => {
        const entries = await historyPage(ctx, {
          plan: planId,
          status: query.status ?? null,
          after: after === null ? -1 : Number(after),
          limit: n,
        });
        planFound = entries !== null;
        return entries ?? [];
      },
    });
    // A cursor refused before the query ran: a missing plan is still a 404, as without a cursor.
    const page = await reading.catch(async (error: unknown) => {
      if (!(await findOne<PlanRow>(ctx, learningPlans, planId))) throw notFound("Learning plan");
      throw error;
    });
    if (!planFound) throw notFound("Learning plan");
    return { data: page.data.map(([, record]) => record), pagination: page.pagination };
  },
};
