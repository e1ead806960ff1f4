import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/auth/users";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { PLAN_STATUSES, type Student } from "@/lib/contract";
import { missingAsNull, PAGE } from "@/lib/features/halqas/queries";
import { matchesQuery } from "@/lib/features/halqas/search";
import { resolveSemester, semestersFor, surahsFor } from "@/lib/features/reference";
import { failureOf, type Failure, type V1Client } from "@/lib/v1";
import { defaultPlansDb } from "./db";
import type { ReplacementSummary } from "./changes";
import { CHANGES_WINDOW_DAYS, REPLACED_LATELY_DAYS, type ReplacedPeriod } from "./periods";
import { countSyncedPlansByStatus, getSyncedPlan, getSyncStatus, listSyncedPlans, type PlanPage, type StoreScope } from "./store";
import { recentChanges, replacementsOf } from "./store-changes";
import { refreshPlan } from "./sync";

export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLANS_PER_PAGE = 25;

/** Whether the key and the school let the dashboard read learning plans at all. */
export type PlanAvailability = { ok: true } | { ok: false; reason: "feature" } | { ok: false; reason: "scope"; scope: string };

/** Learning Plans switched off for the school, or a key without the scope: a calm answer, not an error page. */
export function unavailabilityOf(failure: Failure | null): Exclude<PlanAvailability, { ok: true }> | null {
  if (failure?.kind === "feature_unavailable") return { ok: false, reason: "feature" };
  if (failure?.kind === "insufficient_scope") return { ok: false, reason: "scope", scope: failure.requiredScope ?? "learning_plans:read" };
  return null;
}

/** As `unavailabilityOf`; any other failure is thrown on. */
export function availabilityOf(error: unknown): PlanAvailability {
  const unavailable = unavailabilityOf(failureOf(error));
  if (!unavailable) throw error;
  return unavailable;
}

/** One cheap read that tells whether plans can be read (the store may hold plans from before a change). */
async function probePlans(client: V1Client): Promise<PlanAvailability> {
  try {
    await client.call("listPlans", { query: { limit: 1 } });
    return { ok: true };
  } catch (error) {
    return availabilityOf(error);
  }
}

async function storeScope(actor: Actor): Promise<StoreScope> {
  return { connectionId: actor.connectionId, tenantId: (await clientFor(actor.connectionId).tenant()).id };
}

const DAY_MS = 86_400_000;

export type PlanListFilters = {
  semester?: string;
  status?: PlanStatus;
  student?: string;
  q?: string;
  replaced?: ReplacedPeriod;
  sort?: "changed";
  after?: string;
  before?: string;
};

/**
 * The plans list: students of the selected semester the actor may see (their names, the filter
 * and the search), then counts and one keyset page from the synced store.
 * v1 calls: listPlans?limit=1 (availability) and listStudents of the semester (+1 per further
 * 100), concurrently; semesters cached; a teacher +1 getSheikh per linked sheikh.
 */
export async function loadPlanList(actor: Actor, filters: PlanListFilters) {
  const client = clientFor(actor.connectionId);
  const [{ semesters, selected }, subject, availability, scope, db] = await Promise.all([
    resolveSemester(actor.connectionId, filters.semester),
    subjectOf(actor),
    probePlans(client),
    storeScope(actor),
    defaultPlansDb(),
  ]);
  const syncStatus = await getSyncStatus(db, actor.connectionId);
  const empty = {
    semesters,
    selected,
    availability,
    syncStatus,
    canSync: can.syncPlans(subject),
    students: [] as Student[],
    studentId: undefined,
    counts: { total: 0, byStatus: {} as Record<string, number> },
    page: { plans: [], nextAfter: null, prevBefore: null } as PlanPage,
    replacements: new Map<string, ReplacementSummary & { lately: boolean }>(),
  };
  if (!selected || !availability.ok) return empty;

  const all = await client.listAll("listStudents", { query: { semester_id: selected.id, limit: PAGE } });
  const students = all.items.filter((student) => can.viewPlanOf(subject, student)).sort((a, b) => a.full_name.localeCompare(b.full_name));
  // A student of another semester, or one the actor may not see, is not a filter: it is ignored.
  const studentId = students.find((student) => student.id === filters.student)?.id;
  const studentIds = students
    .filter((student) => !studentId || student.id === studentId)
    .filter((student) => matchesQuery([student.full_name, student.preferred_name], filters.q))
    .map((student) => student.id);
  const now = Date.now();
  const replacedSince = filters.replaced ? new Date(now - Number(filters.replaced) * DAY_MS) : undefined;
  const [counts, page] = await Promise.all([
    // The counts per state count every plan of the students shown, whatever the replacement filter.
    countSyncedPlansByStatus(db, scope, { studentIds }),
    listSyncedPlans(db, scope, { studentIds, status: filters.status, replacedSince, sort: filters.sort === "changed" ? "changed" : "id", after: filters.after, before: filters.before, limit: PLANS_PER_PAGE }),
  ]);
  const summaries = await replacementsOf(db, scope, page.plans.map((plan) => plan.id));
  const replacements = new Map(
    [...summaries].map(([id, summary]) => [id, { ...summary, lately: summary.lastAt !== null && now - Date.parse(summary.lastAt) <= REPLACED_LATELY_DAYS * DAY_MS }]),
  );
  return { ...empty, students, studentId, counts, page, replacements };
}

/**
 * One plan with its whole assignment history, from the synced store; a plan the store does not
 * hold yet (or `live`) is read from the API first and stored. Null when it does not exist or the
 * actor may not see its student (a teacher: only students of halqas they teach).
 * v1 calls: getStudent (+ getPlan and listAssignments pages when read live); semesters cached.
 */
/** Read once per request: the plan segment's layout (404 before streaming) and its page share it. */
export const loadPlanDetail = cache(async (actor: Actor, id: string) => {
  const client = clientFor(actor.connectionId);
  const [scope, db, subject] = await Promise.all([storeScope(actor), defaultPlansDb(), subjectOf(actor)]);
  let detail = await getSyncedPlan(db, scope, id);
  if (!detail) {
    if (!(await refreshPlan(actor.connectionId, id, { db }))) return null;
    detail = await getSyncedPlan(db, scope, id);
    if (!detail) return null;
  }
  const [student, semesters, surahs] = await Promise.all([
    client.call("getStudent", { params: { id: detail.plan.student_id } }).catch(missingAsNull),
    semestersFor(actor.connectionId),
    surahsFor(actor.connectionId),
  ]);
  // Admins see every plan of their school; a teacher only those of students they teach.
  if (!can.viewPlans(subject) || (subject.role !== "admin" && (!student || !can.viewPlanOf(subject, student)))) return null;
  return {
    ...detail,
    student,
    semester: semesters.find((semester) => semester.id === detail.plan.semester_id) ?? null,
    surahs: new Map(surahs.map((surah) => [surah.number, surah])),
  };
});

/**
 * The admin's "what changed this week": replacements, new assignments and state changes of every
 * plan of the school in the last 7 days, from the synced store.
 * v1 calls: GET /school (memoized per connection and process), to scope the store by the tenant.
 */
export async function loadRecentChanges(actor: Actor) {
  const [scope, db] = await Promise.all([storeScope(actor), defaultPlansDb()]);
  const since = new Date(Date.now() - CHANGES_WINDOW_DAYS * DAY_MS);
  const [changes, syncStatus] = await Promise.all([recentChanges(db, scope, since), getSyncStatus(db, actor.connectionId)]);
  return { ...changes, since, syncStatus };
}
