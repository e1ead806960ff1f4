import "server-only";
import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Assignment, LearningPlan } from "@/lib/contract";
import { syncedAssignments, syncedPlans } from "@/lib/db/schema-plans";
import type { DashboardDb } from "@/lib/db/client";

/**
 * Reads of the plan mirror (the dashboard's synced copy of the school's plans; its writes are
 * ./writes.ts) for pages: lists and counts come from here (no v1 call), a detail page may refresh
 * one plan live. Every read is scoped by the connection; pass the tenant
 * confirmed by GET /school (`clientFor(id).tenant()`, memoized) as `tenantId` and rows of any
 * other school are never returned, even if a connection was re-pointed.
 */
export type StoreScope = { connectionId: string; tenantId?: string };

export type StoredPlanFilters = {
  /** One state or several; unknown states are matched as given. */
  status?: string | readonly string[];
  /** Only these students' plans (e.g. the matches of a name search, or a teacher's students). An empty list matches nothing. */
  studentIds?: readonly string[];
  /** Only plans of this semester, and plans that name no semester (their `semester_id` is optional). */
  semesterId?: string;
  /** Only plans with an assignment replaced at or after this time. */
  replacedSince?: Date;
};

/** `id`: the API's order (creation); `changed`: the most recently changed first (the plan's `updated_at`). */
export type PlanSort = "id" | "changed";

export type PlanPageRequest = StoredPlanFilters & {
  /** Keyset: plans after this id (next page) … */
  after?: string;
  /** … or before it (previous page). */
  before?: string;
  /** 1-200, default 50. */
  limit?: number;
  sort?: PlanSort;
};

export type PlanPage = {
  plans: LearningPlan[];
  /** Pass as `after` for the next page; null on the last. */
  nextAfter: string | null;
  /** Pass as `before` for the previous page; null on the first. */
  prevBefore: string | null;
};

function planFilters(scope: StoreScope, filters: StoredPlanFilters): SQL[] | null {
  const where: SQL[] = [eq(syncedPlans.connectionId, scope.connectionId)];
  if (scope.tenantId) where.push(eq(syncedPlans.tenantId, scope.tenantId));
  const statuses =
    filters.status === undefined ? [] : typeof filters.status === "string" ? [filters.status] : [...filters.status];
  if (statuses.length === 1) where.push(eq(syncedPlans.status, statuses[0]!));
  else if (statuses.length > 1) where.push(inArray(syncedPlans.status, statuses));
  if (filters.studentIds) {
    if (filters.studentIds.length === 0) return null;
    where.push(inArray(syncedPlans.studentId, [...filters.studentIds]));
  }
  if (filters.semesterId)
    where.push(sql`coalesce(${syncedPlans.data}->>'semester_id', ${filters.semesterId}) = ${filters.semesterId}`);
  if (filters.replacedSince) {
    where.push(
      sql`exists (select 1 from ${syncedAssignments} where ${syncedAssignments.connectionId} = ${syncedPlans.connectionId} and ${syncedAssignments.planId} = ${syncedPlans.id} and ${syncedAssignments.supersededAt} >= ${filters.replacedSince.toISOString()})`,
    );
  }
  return where;
}

/** A keyset position in the `changed` order: the plan's `updated_at` and id (`2026-11-22T08:15:00.000Z~pln_…`). */
export function changedCursor(plan: Pick<LearningPlan, "id" | "updated_at">): string {
  return `${new Date(plan.updated_at).toISOString()}~${plan.id}`;
}

function parseChangedCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = cursor.split("~");
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) && id ? { at: date, id } : null;
}

/** Rows after (`forward`) or before a cursor in the requested order; a malformed cursor starts from the top. */
function keyset(sort: PlanSort, cursor: string, forward: boolean): SQL | undefined {
  if (sort === "id") return forward ? gt(syncedPlans.id, cursor) : lt(syncedPlans.id, cursor);
  const at = parseChangedCursor(cursor);
  if (!at) return undefined;
  // `changed` runs newest first: "after" is older.
  return forward
    ? or(lt(syncedPlans.updatedAt, at.at), and(eq(syncedPlans.updatedAt, at.at), lt(syncedPlans.id, at.id)))
    : or(gt(syncedPlans.updatedAt, at.at), and(eq(syncedPlans.updatedAt, at.at), gt(syncedPlans.id, at.id)));
}

/** One page of plans in the API's order (by id, creation order) or the most recently changed first, with keyset links both ways. */
export async function listSyncedPlans(
  db: DashboardDb,
  scope: StoreScope,
  request: PlanPageRequest = {},
): Promise<PlanPage> {
  const limit = Math.min(Math.max(Math.trunc(request.limit ?? 50), 1), 200);
  const sort = request.sort ?? "id";
  const where = planFilters(scope, request);
  if (!where) return { plans: [], nextAfter: null, prevBefore: null };
  const backwards = request.before !== undefined && request.after === undefined;
  if (request.after !== undefined) where.push(keyset(sort, request.after, true) ?? sql`true`);
  if (backwards) where.push(keyset(sort, request.before!, false) ?? sql`true`);
  const order =
    sort === "id"
      ? [backwards ? desc(syncedPlans.id) : asc(syncedPlans.id)]
      : backwards
        ? [asc(syncedPlans.updatedAt), asc(syncedPlans.id)]
        : [desc(syncedPlans.updatedAt), desc(syncedPlans.id)];
  const rows = await db
    .select({ id: syncedPlans.id, data: syncedPlans.data })
    .from(syncedPlans)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();
  const key = (row: (typeof page)[number] | undefined) =>
    row ? (sort === "id" ? row.id : changedCursor(row.data)) : null;
  const first = key(page[0]);
  const last = key(page[page.length - 1]);
  // Going forwards, a previous page exists when we came from one; going back, a next page always does.
  const hasPrev = backwards ? more : request.after !== undefined && first !== null;
  const hasNext = backwards ? last !== null : more;
  return { plans: page.map((row) => row.data), nextAfter: hasNext ? last : null, prevBefore: hasPrev ? first : null };
}

/** Plans per state (the filters other than `status` apply), and their total. */
export async function countSyncedPlansByStatus(
  db: DashboardDb,
  scope: StoreScope,
  filters: Omit<StoredPlanFilters, "status"> = {},
): Promise<{ total: number; byStatus: Record<string, number> }> {
  const where = planFilters(scope, filters);
  if (!where) return { total: 0, byStatus: {} };
  const rows = await db
    .select({ status: syncedPlans.status, n: count() })
    .from(syncedPlans)
    .where(and(...where))
    .groupBy(syncedPlans.status);
  const byStatus: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] = row.n;
    total += row.n;
  }
  return { total, byStatus };
}

export type SyncedPlanDetail = {
  plan: LearningPlan;
  /** The whole history in the API's order; replaced assignments stay, linked to their replacements. */
  assignments: Assignment[];
  syncedAt: Date;
};

/** One plan with its assignment history, or null when the store does not hold it. */
export async function getSyncedPlan(
  db: DashboardDb,
  scope: StoreScope,
  planId: string,
): Promise<SyncedPlanDetail | null> {
  const planWhere = [eq(syncedPlans.connectionId, scope.connectionId), eq(syncedPlans.id, planId)];
  if (scope.tenantId) planWhere.push(eq(syncedPlans.tenantId, scope.tenantId));
  const [plan] = await db
    .select({ data: syncedPlans.data, syncedAt: syncedPlans.syncedAt })
    .from(syncedPlans)
    .where(and(...planWhere))
    .limit(1);
  if (!plan) return null;
  const assignments = await historyOf(db, scope, [planId]);
  return { plan: plan.data, assignments: assignments.get(planId) ?? [], syncedAt: plan.syncedAt };
}

/** Histories of several plans at once (one query), each in order. */
export async function historyOf(
  db: DashboardDb,
  scope: StoreScope,
  planIds: readonly string[],
): Promise<Map<string, Assignment[]>> {
  const result = new Map<string, Assignment[]>();
  if (planIds.length === 0) return result;
  const where = [
    eq(syncedAssignments.connectionId, scope.connectionId),
    inArray(syncedAssignments.planId, [...planIds]),
  ];
  if (scope.tenantId) where.push(eq(syncedAssignments.tenantId, scope.tenantId));
  const rows = await db
    .select({ planId: syncedAssignments.planId, data: syncedAssignments.data })
    .from(syncedAssignments)
    .where(and(...where))
    .orderBy(asc(syncedAssignments.planId), asc(syncedAssignments.position), asc(syncedAssignments.id));
  for (const row of rows) {
    const list = result.get(row.planId) ?? [];
    list.push(row.data);
    result.set(row.planId, list);
  }
  return result;
}

/**
 * Plans and histories of some students (a parent's children, by the student ids of their
 * records): raw records, staff-only states included — filter with `toParentAssignments` before
 * anything leaves the server.
 */
export async function plansOfStudents(
  db: DashboardDb,
  scope: StoreScope,
  studentIds: readonly string[],
): Promise<{ plan: LearningPlan; assignments: Assignment[] }[]> {
  if (studentIds.length === 0) return [];
  const { plans } = await listSyncedPlans(db, scope, { studentIds, limit: 200 });
  const histories = await historyOf(
    db,
    scope,
    plans.map((plan) => plan.id),
  );
  return plans.map((plan) => ({ plan, assignments: histories.get(plan.id) ?? [] }));
}

/** The stored `updated_at` of each of these plans (as epoch ms), for the sync to skip histories that cannot have changed. */
export async function storedVersions(
  db: DashboardDb,
  connectionId: string,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: syncedPlans.id, updatedAt: syncedPlans.updatedAt })
    .from(syncedPlans)
    .where(and(eq(syncedPlans.connectionId, connectionId), inArray(syncedPlans.id, ids)));
  return new Map(rows.map((row) => [row.id, row.updatedAt.getTime()]));
}

/** How many plans the store holds for the connection (whatever their tenant). */
export async function storedPlanCount(db: DashboardDb, connectionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(syncedPlans).where(eq(syncedPlans.connectionId, connectionId));
  return row?.n ?? 0;
}
