import type { LearningPlan } from "@/lib/contract";
import type { PlanChange } from "./changes";

/** The "what changed" view's periods in days (`?period=`), its kinds of change (`?kind=`) and its page size. */
export const CHANGES_PERIODS = ["7", "30", "90"] as const;
export type ChangesPeriod = (typeof CHANGES_PERIODS)[number];
export const CHANGE_KINDS = [
  "replaced",
  "added",
  "published",
  "started",
  "completed",
  "planState",
] as const satisfies readonly PlanChange["kind"][];
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const CHANGE_GROUPS_PER_PAGE = 20;

export type ChangesFilters = { period: ChangesPeriod; halqa?: string; kind?: ChangeKind; page: number };

/** Who a plan is for, as the dashboard's store knows them; null when not synced yet. */
export type PlanStudent = { id: string; name: string; halqaId: string };

/** One plan's changes in the period, newest first, with its student. */
export type ChangeGroup = { plan: LearningPlan; student: PlanStudent | null; changes: PlanChange[] };

export type ChangesPage = {
  groups: ChangeGroup[];
  page: number;
  pages: number;
  totalPlans: number;
  totalChanges: number;
};

/**
 * The changes filtered by kind and the student's halqa, grouped by plan (the plan changed most
 * recently first), one page of groups. A page past the end shows the last page.
 */
export function groupChanges(
  changes: readonly PlanChange[],
  plans: ReadonlyMap<string, LearningPlan>,
  students: ReadonlyMap<string, PlanStudent>,
  filters: ChangesFilters,
): ChangesPage {
  const byPlan = new Map<string, ChangeGroup>();
  let totalChanges = 0;
  for (const change of [...changes].sort((a, b) => b.at.localeCompare(a.at))) {
    if (filters.kind && change.kind !== filters.kind) continue;
    const plan = plans.get(change.planId);
    if (!plan) continue;
    const student = students.get(plan.student_id) ?? null;
    if (filters.halqa && student?.halqaId !== filters.halqa) continue;
    let group = byPlan.get(plan.id);
    if (!group) byPlan.set(plan.id, (group = { plan, student, changes: [] }));
    group.changes.push(change);
    totalChanges++;
  }
  const all = [...byPlan.values()];
  const pages = Math.max(1, Math.ceil(all.length / CHANGE_GROUPS_PER_PAGE));
  const page = Math.min(Math.max(1, Math.trunc(filters.page) || 1), pages);
  const start = (page - 1) * CHANGE_GROUPS_PER_PAGE;
  return {
    groups: all.slice(start, start + CHANGE_GROUPS_PER_PAGE),
    page,
    pages,
    totalPlans: all.length,
    totalChanges,
  };
}
