import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/auth/actor";
import { can, type Subject } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { PLAN_STATUSES, type Halqa, type Student } from "@/lib/contract";
import { missingAsNull } from "@/lib/features/records";
import { API_PAGE_SIZE, windowOf } from "@/lib/features/paging";
import { matchesQuery } from "@/lib/text-search";
import { halqasFor, resolveSemester, semestersFor, surahsFor } from "@/lib/features/reference";
import { studentRecord } from "@/lib/features/records";
import { STUDENT_SCAN, teacherStudents } from "@/lib/features/students/queries";
import { failureOf, type Failure, type V1Client } from "@/lib/v1";
import { dashboardDb } from "@/lib/db";
import type { ReplacementSummary } from "./changes";
import { groupChanges, type ChangesFilters } from "./changes-view";
import { REPLACED_LATELY_DAYS, type ReplacedPeriod } from "./periods";
import {
  countSyncedPlansByStatus,
  getSyncedPlan,
  listSyncedPlans,
  type PlanPage,
  type StoreScope,
} from "./mirror/reads";
import { recentChanges, replacementsOf, studentsOf } from "./mirror/recent-changes";
import { refreshPlan } from "./sync/refresh";
import { getSyncStatus } from "./sync/status";

export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLANS_PER_PAGE = 25;

/** Whether the key and the school let the dashboard read learning plans at all. */
export type PlanAvailability =
  { ok: true } | { ok: false; reason: "feature" } | { ok: false; reason: "scope"; scope: string };

/** Learning Plans switched off for the school, or a key without the scope: a calm answer, not an error page. */
export function unavailabilityOf(failure: Failure | null): Exclude<PlanAvailability, { ok: true }> | null {
  if (failure?.lacks === "feature") return { ok: false, reason: "feature" };
  if (failure?.lacks === "scope")
    return { ok: false, reason: "scope", scope: failure.requiredScope ?? "learning_plans:read" };
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

export type PlanListParams = {
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
 * The plans list: counts and one keyset page from the synced store, scoped without reading the
 * school's whole roster. An admin's plans are those of the semester (the plan's own `semester_id`);
 * a teacher's, those of the students of their halqas (read whole: one class each); a student chosen
 * in the picker is read by id; a name search reads at most STUDENT_SCAN.search pages of the
 * semester's students (the API has no name filter; docs/scale.md). Names of the page's students come
 * from the students already read, else one getStudent each (at most PLANS_PER_PAGE, concurrently).
 * v1 calls: listPlans?limit=1 (availability), then at most 25 getStudent (or the search's pages);
 * semesters cached; a teacher +1 getSheikh per linked sheikh and one listStudents per taught halqa.
 */
export async function loadPlanList(actor: Actor, filters: PlanListParams) {
  const client = clientFor(actor.connectionId);
  const [{ semesters, selected }, subject, availability, scope, db] = await Promise.all([
    resolveSemester(actor.connectionId, filters.semester),
    subjectOf(actor),
    probePlans(client),
    storeScope(actor),
    dashboardDb(),
  ]);
  const syncStatus = await getSyncStatus(db, actor.connectionId);
  const empty = {
    semesters,
    selected,
    availability,
    syncStatus,
    canSync: can.syncPlans(subject),
    student: null as Student | null,
    studentId: undefined as string | undefined,
    studentNames: new Map<string, string>(),
    search: null as { scanned: number; stoppedEarly: boolean } | null,
    counts: { total: 0, byStatus: {} as Record<string, number> },
    page: { plans: [], nextAfter: null, prevBefore: null } as PlanPage,
    replacements: new Map<string, ReplacementSummary & { lately: boolean }>(),
  };
  if (!selected || !availability.ok) return empty;

  const { students, search } = await plansScope(client, subject, selected.id, filters);
  // A student of another semester, or one the actor may not see, is not a filter: it is ignored.
  const student = filters.student ? ((await studentRecord(actor.connectionId, filters.student)) ?? null) : null;
  const chosen = student && student.semester_id === selected.id && can.viewPlanOf(subject, student) ? student : null;
  const matching = students?.filter((candidate) =>
    matchesQuery([candidate.full_name, candidate.preferred_name], filters.q),
  );
  const studentIds = chosen
    ? matching && !matching.some((candidate) => candidate.id === chosen.id)
      ? []
      : [chosen.id]
    : matching?.map((candidate) => candidate.id);
  const storeFilters = { studentIds, semesterId: studentIds ? undefined : selected.id };
  const now = Date.now();
  const replacedSince = filters.replaced ? new Date(now - Number(filters.replaced) * DAY_MS) : undefined;
  const [counts, page] = await Promise.all([
    // The counts per state count every plan of the students shown, whatever the replacement filter.
    countSyncedPlansByStatus(db, scope, storeFilters),
    listSyncedPlans(db, scope, {
      ...storeFilters,
      status: filters.status,
      replacedSince,
      sort: filters.sort === "changed" ? "changed" : "id",
      after: filters.after,
      before: filters.before,
      limit: PLANS_PER_PAGE,
    }),
  ]);
  const [summaries, studentNames] = await Promise.all([
    replacementsOf(
      db,
      scope,
      page.plans.map((plan) => plan.id),
    ),
    namesOf(
      actor.connectionId,
      page.plans.map((plan) => plan.student_id),
      [...(students ?? []), ...(chosen ? [chosen] : [])],
    ),
  ]);
  const replacements = new Map(
    [...summaries].map(([id, summary]) => [
      id,
      {
        ...summary,
        lately: summary.lastAt !== null && now - Date.parse(summary.lastAt) <= REPLACED_LATELY_DAYS * DAY_MS,
      },
    ]),
  );
  return { ...empty, student: chosen, studentId: chosen?.id, studentNames, search, counts, page, replacements };
}

/**
 * The students whose plans may be listed, when they must be read at all: a teacher's (their halqas'
 * students, whole) or the matches of an admin's name search (a bounded scan). Null: every plan of the
 * semester (an admin browsing).
 */
async function plansScope(
  client: V1Client,
  subject: Subject,
  semesterId: string,
  filters: PlanListParams,
): Promise<{ students: Student[] | null; search: { scanned: number; stoppedEarly: boolean } | null }> {
  if (subject.role !== "admin") {
    const students = await teacherStudents(client, subject, semesterId);
    return {
      students: students.filter((student) => can.viewPlanOf(subject, student)),
      search: null,
    };
  }
  if (!filters.q) return { students: null, search: null };
  const window = await windowOf(
    client,
    "listStudents",
    { query: { semester_id: semesterId, limit: API_PAGE_SIZE } },
    {
      size: PLAN_SEARCH_MATCHES,
      maxCalls: STUDENT_SCAN.search,
      keep: (student) => matchesQuery([student.full_name, student.preferred_name], filters.q),
    },
  );
  return { students: window.items, search: { scanned: window.scanned, stoppedEarly: window.stoppedEarly } };
}

/** At most this many students match an admin's name search on /plans (their plans are then paged). */
const PLAN_SEARCH_MATCHES = 200;

/** Names of the page's students: from the students already read, else one getStudent each (concurrently, deduplicated). */
async function namesOf(
  connectionId: string,
  ids: readonly string[],
  known: readonly Student[],
): Promise<Map<string, string>> {
  const names = new Map(known.map((student) => [student.id, student.full_name]));
  const missing = [...new Set(ids)].filter((id) => !names.has(id));
  const read = await Promise.all(missing.map((id) => studentRecord(connectionId, id)));
  for (const student of read) if (student) names.set(student.id, student.full_name);
  return names;
}

/**
 * One plan with its whole assignment history, from the synced store; a plan the store does not
 * hold yet (or `live`) is read from the API first and stored. Null when it does not exist or the
 * actor may not see its student (a teacher: only students of halqas they teach).
 * v1 calls: getStudent (+ getPlan and listAssignments pages when read live). Read once per
 * request: the plan segment's layout (404 before streaming) and its page share it.
 */
export const loadPlanDetail = cache(async (actor: Actor, id: string) => {
  const client = clientFor(actor.connectionId);
  const [scope, db, subject] = await Promise.all([storeScope(actor), dashboardDb(), subjectOf(actor)]);
  let detail = await getSyncedPlan(db, scope, id);
  if (!detail) {
    if (!(await refreshPlan(actor.connectionId, id, { db }))) return null;
    detail = await getSyncedPlan(db, scope, id);
    if (!detail) return null;
  }
  const student = await client.call("getStudent", { params: { id: detail.plan.student_id } }).catch(missingAsNull);
  // Admins see every plan of their school; a teacher only those of students they teach.
  if (!can.viewPlans(subject) || (subject.role !== "admin" && (!student || !can.viewPlanOf(subject, student))))
    return null;
  return { ...detail, student };
});

/** What a plan's parts name beside the plan: its semester and the surahs (both cached per tenant). */
export const loadPlanReference = cache(async (connectionId: string, semesterId: string | null) => {
  const [semesters, surahs] = await Promise.all([semestersFor(connectionId), surahsFor(connectionId)]);
  return {
    semester: semesters.find((semester) => semester.id === semesterId) ?? null,
    surahs: new Map(surahs.map((surah) => [surah.number, surah])),
  };
});

/**
 * The admin's "what changed": replacements, new assignments and state changes of every plan of the
 * school in the period, from the synced store, grouped by plan and paged, each plan's student named
 * (the progress store's copy of the student, else one getStudent each for the page's plans).
 * v1 calls: GET /school (memoized), listPlans?limit=1 (is Learning Plans on?), the school's halqas
 * (cached per tenant for 5 minutes), at most CHANGE_GROUPS_PER_PAGE getStudent for students the
 * progress store does not hold yet.
 */
export async function loadRecentChanges(actor: Actor, filters: ChangesFilters) {
  const client = clientFor(actor.connectionId);
  const [scope, db, availability] = await Promise.all([storeScope(actor), dashboardDb(), probePlans(client)]);
  const syncStatus = await getSyncStatus(db, actor.connectionId);
  const since = new Date(Date.now() - Number(filters.period) * DAY_MS);
  if (!availability.ok)
    return {
      availability,
      syncStatus,
      since,
      halqas: [] as Halqa[],
      truncated: false,
      view: groupChanges([], new Map(), new Map(), filters),
    };
  const changes = await recentChanges(db, scope, since);
  const plans = [...changes.plans.values()];
  const [students, allHalqas] = await Promise.all([
    studentsOf(
      db,
      scope,
      plans.map((plan) => plan.student_id),
    ),
    halqasFor(actor.connectionId),
  ]);
  let view = groupChanges(changes.changes, changes.plans, students, filters);
  const missing = [...new Set(view.groups.filter((group) => !group.student).map((group) => group.plan.student_id))];
  if (missing.length) {
    for (const student of await Promise.all(missing.map((id) => studentRecord(actor.connectionId, id)))) {
      if (student) students.set(student.id, { id: student.id, name: student.full_name, halqaId: student.halqa_id });
    }
    view = groupChanges(changes.changes, changes.plans, students, filters);
  }
  // The filter offers the halqas of the changed plans' students (names of every semester, cached per tenant).
  const shown = new Set([...students.values()].map((student) => student.halqaId));
  const halqas = allHalqas
    .filter((halqa) => shown.has(halqa.id) || halqa.id === filters.halqa)
    .toSorted((a, b) => a.name.localeCompare(b.name));
  return { availability, syncStatus, since, halqas, truncated: changes.truncated, numbers: changes.numbers, view };
}
