/**
 * The v1 call budget of every page, by route (the folder path under app/ without its route groups):
 * at most this many calls to the school's API for one page request, with the reasoning beside it.
 * `e2e/call-budget.spec.ts` loads the pages on the demo school, counts the calls each request made
 * and fails when one makes more; it fails as well for a page.tsx without an entry here (or an entry
 * without a page). Each figure is bounded by a page size or a scan limit, never by the school's size.
 * Cached reads (semesters, surahs, GET /school) count when cold only where an entry says so.
 */
export const V1_CALL_BUDGETS = {
  /** 1 (GET /school, for signed-out visitors only) */
  "/": 1,
  /** None: the sign-in form. */
  "/login": 0,
  /**
   * ≤ 9 warm (sessions of today, open sessions, halqas of the active semester, eligible sheikhs, +
   * attendance of each of today's sessions when there are at most 5, + one GET /sheikhs/{id} per linked
   * sheikh for a teacher; +1 per further 100 sessions, halqas or sheikhs); + GET /school and GET /semesters
   * when cold (cached per tenant). The HTML is bounded: 8 cards a group, a halqa picker instead of the whole
   * start form above 40 halqas (components/today/today-sections.tsx).
   */
  "/today": 9,
  /**
   * 27 (listHalqas + listSheikhs, concurrently, then one listStudents per halqa of the page of 25; +1 per
   * further 100 items); semesters from the per-tenant cache (GET /semesters at most once a minute); a
   * teacher +1 getSheikh per linked sheikh.
   */
  "/halqas": 27,
  /**
   * 5 (getHalqa + listStudents?halqa_id + listSheikhs + listSessions?halqa_id&date_from, concurrently; then
   * listHalqas?lineage_id; +1 per further 100 items); semesters cached per tenant; GET /school memoized per
   * client; a teacher +1 getSheikh per linked sheikh — and a halqa they do not teach answers 404 before any
   * call. The progress section (at a glance, needs attention) reads the dashboard's store only: +0.
   */
  "/halqas/[id]": 5,
  /**
   * at most 2 — getHalqa (the segment's gate reads the same record, once per request) and
   * listStudents?halqa_id (+1 per further 100); sessions, attendance and recitations of the period come from
   * the progress read model; school memoized; semesters cached; a teacher +1 getSheikh per linked sheikh —
   * and a halqa they do not teach is a 404.
   */
  "/halqas/[id]/report": 2,
  /**
   * 21 (listHalqas of the semester and, concurrently, pages of listStudents: at most 3 to see whether the
   * semester is small enough to sort by name, which also fill the first page; at most 5 for a later page; a
   * name search at most 20; a halqa or a teacher's halqas: their students whole; +1 per further 100 halqas);
   * semesters from the per-tenant cache; a teacher +1 getSheikh per linked sheikh.
   */
  "/students": 21,
  /**
   * 1 (listHalqas of the selected semester; +1 per further 100); semesters from the per-tenant cache. The
   * create itself is a server action (createStudent): admins only, checked again there.
   */
  "/students/new": 1,
  /**
   * 1 (listHalqas of the selected semester; +1 per further 100); semesters from the per-tenant cache.
   * Reading the file, checking rows and importing are their own routes and action (docs/student-import.md).
   */
  "/students/import": 1,
  /**
   * at most 14 — getStudent; then listHalqas of its semester + listSessions of its halqa and semester +
   * listStudentRecitations, concurrently; then listAttendance for the LIVE_SESSIONS (10) most recent
   * of those sessions, concurrently (merged into the progress read model's history, whose window the
   * attendance figures count: docs/progress.md); +1 per further 100 items; semesters and surahs cached per tenant; GET /school memoized;
   * a teacher +1 getSheikh per link.
   */
  "/students/[id]": 14,
  /**
   * at most 2 — getStudent (the segment's gate reads the same record, once per request) and getHalqa; the
   * history (sessions, attendance, recitations) comes from the progress read model; school memoized;
   * semesters cached; a teacher +1 getSheikh per linked sheikh.
   */
  "/students/[id]/report": 2,
  /**
   * 4 warm once the progress store serves the list (lib/features/sessions/store-list.ts: the sessions created
   * since the last sync — the sync's last page again, +1 per further 100 —, the sessions open now — +1 per
   * further 100 —, halqas of the semester, eligible sheikhs; the page itself from the store) + one GET
   * /sessions/{id} per shown session that ended since the last sync without passing through the dashboard;
   * before the first sync 3 (sessions in the range — one call per 100 —, halqas, sheikhs). A teacher + one
   * GET /sheikhs/{id} per linked sheikh; + GET /school and GET /semesters when cold (cached per tenant). 50
   * sessions a page; the halqa filter is a searchable picker above 40 halqas (lib/features/sessions/queries.ts).
   */
  "/sessions": 4,
  /**
   * 2 warm (halqas of the active semester, eligible sheikhs) + one GET /sheikhs/{id} per linked sheikh for a
   * teacher; + GET /semesters when cold (cached per tenant).
   */
  "/sessions/new": 2,
  /**
   * 6 warm (GET /sessions/{id}, then at once GET /halqas/{id}, eligible sheikhs of the halqa, the halqa's
   * students, attendance, recitations — one call per 100 rows each); 7 when the session's sheikh no longer
   * teaches the halqa (GET /sheikhs/{id} for the name); + one GET /sheikhs/{id} per linked sheikh for a
   * teacher; + GET /school and GET /surahs when cold (cached per tenant).
   */
  "/sessions/[id]": 6,
  /**
   * 6 — the session, then the halqa's students + the session's attendance + its recitations in parallel
   * (lib/features/live/server/read-model.ts), then GET /halqas/{id} for the title and GET /sheikhs/{id} (is the
   * session's sheikh still eligible, so that it can be ended?); plus GET /school once per process (it also
   * gives the rating scale), GET /surahs once a day per tenant (lib/features/reference.ts) and, for a
   * teacher, GET /sheikhs/{id} per linked sheikh. Opening a student's recitation entry fetches its prefill
   * (3 calls, see its route). Afterwards the client polls GET /api/live/sessions/{id} (the same 4 calls)
   * every 3 s while visible.
   */
  "/sessions/[id]/live": 6,
  /**
   * as the session page — 6 warm, 7 when the session's sheikh no longer teaches the halqa; + one GET
   * /sheikhs/{id} per linked sheikh for a teacher; + GET /school and GET /surahs when cold.
   */
  "/sessions/[id]/end": 6,
  /**
   * 26 — listPlans?limit=1 (can plans be read at all?), then one getStudent per student of the page (at most
   * 25; a name search: at most 20 pages of listStudents instead; a teacher: one listStudents per taught
   * halqa); semesters cached per tenant; a teacher +1 getSheikh per linked sheikh. The plans, their counts
   * and pages come from the dashboard's synced store (lib/features/plans/mirror/reads.ts), not from v1.
   */
  "/plans": 26,
  /**
   * at most 22 — GET /school (memoized per connection and process) to scope the synced store by the school,
   * listPlans?limit=1 (is Learning Plans on?), and one getStudent per plan of the page (at most 20) whose
   * student the progress store does not hold yet; the school's halqas cached per tenant (5 minutes). The
   * changes come from the dashboard's synced copy of the plans (lib/features/plans/mirror/recent-changes.ts).
   */
  "/plans/changes": 22,
  /**
   * at most 3 — getStudent (who the plan is for, and whether a teacher teaches them); the plan and its
   * history come from the synced store, and a plan the store does not hold yet is read live first (getPlan +
   * listAssignments, +1 per further 100 assignments) and stored. Semesters and surahs cached per tenant; a
   * teacher +1 getSheikh per link.
   */
  "/plans/[id]": 3,
  /**
   * 2 — one per linked child (listStudents?lineage_id, concurrently; the demo parent has two); semesters
   * cached per tenant.
   */
  "/family": 2,
  /**
   * at most 20 with one plan per child — 1 per linked child for the switcher (2 in the demo);
   * listStudents?lineage_id; then getHalqa, listSessions of the halqa, the child's recitations and
   * listPlans?student_id, concurrently; then listAttendance of the 10 most recent sessions and
   * listAssignments per plan, concurrently. School, semesters, surahs cached.
   */
  "/family/children/[lineageId]": 20,
  /**
   * 5 (the overview, issue 25: GET /sheikhs and GET /halqas?semester_id of the active semester, limit=100, each +1
   * per further 100; the school memoized, semesters and every semester's halqas (names) from the per-tenant caches,
   * each 1 (+1 per further 100) when cold; every figure, register and
   * student from the progress read model and the timetable from the dashboard's store)
   */
  "/admin": 5,
  /** 0 (the school's name from GET /school, memoized per connection and process) */
  "/admin/users": 0,
  /** None: the form to add a user. */
  "/admin/users/new": 0,
  /**
   * admin 0; teacher 1 (GET /sheikhs?limit=100, +1 per further 100); parent 2 (GET /students of the active
   * semester, at most 20 pages for a name search, and GET /halqas, limit=100, concurrently, +1 per further
   * 100 halqas; semesters from the per-tenant cache)
   */
  "/admin/users/[id]": 0,
  /**
   * 0 (the school's name and time zone from GET /school, memoized per connection and process; halqa names
   * of sessions from the per-tenant cache of the school's halqas, 5 minutes; the rest from the dashboard's store)
   */
  "/admin/audit": 0,
  /** 0 (the school's name from GET /school, memoized); the messages are the dashboard's own store */
  "/admin/messages": 0,
  /** None: one message from the dashboard's own store (the embedded demo only) */
  "/admin/messages/[id]": 0,
  /**
   * 0 (the school's time zone from GET /school, memoized; the semesters and halqas from the per-tenant
   * caches): the excuse requests are the dashboard's own store, the children and registers its progress read model
   */
  "/admin/excuses": 0,
  /** 0: the school's settings are the dashboard's own store (the school's time zone from GET /school, memoized) */
  "/admin/settings": 0,
  /**
   * 9 (GET /school and one limit=1 page each of /semesters, /halqas, /students, /sheikhs, /sessions,
   * /learning-plans, concurrently; then attendance and recitations of the first session and student found)
   */
  "/admin/connection": 9,
  /**
   * 2 (GET /halqas?semester_id and GET /sheikhs, limit=100, concurrently, +1 per further 100; school memoized,
   * semesters cached; the timetable is the dashboard's store, suggestions come from the progress read model)
   */
  "/admin/timetable": 2,
} as const satisfies Record<string, number>;

export type PageRoute = keyof typeof V1_CALL_BUDGETS;

/** The route of a page file: `app/(staff)/halqas/[id]/page.tsx` → `/halqas/[id]`. */
export function routeOfPageFile(file: string): string {
  const segments = file
    .split("/")
    .slice(1, -1)
    .filter((segment) => !(segment.startsWith("(") && segment.endsWith(")")));
  return `/${segments.join("/")}`;
}
