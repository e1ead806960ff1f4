import "server-only";
import type { Actor } from "@/lib/auth/users";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import type { Halqa, Semester } from "@/lib/contract";
import { resolveSemester, semestersFor } from "@/lib/features/reference";
import { halqaRecord, missingAsNull } from "@/lib/features/records";
import { API_PAGE_SIZE, pageOfList } from "@/lib/features/paging";
import { addDays, todayIn } from "./dates";
import { byName } from "@/lib/text-search";
import { buildHalqaRows, filterHalqaRows, newestSessionsFirst, type HalqaRow } from "./rows";

export const RECENT_SESSION_DAYS = 30;

export type HalqaListFilters = { semester?: string; active?: "true" | "false"; q?: string };

export const HALQAS_PER_PAGE = 25;

/**
 * The halqas of one semester the actor may see, one page of 25 by name, with student counts and
 * sheikh names. Halqas and sheikhs are read whole (a school has hundreds at most); students are
 * counted only for the halqas of the page, one traversal each, never the whole school's roster.
 * v1 calls: listHalqas and listSheikhs concurrently, then one listStudents per halqa of the page
 * (at most 25, concurrently); +1 per further 100 items; semesters come from the per-tenant cache;
 * a teacher's subject adds one getSheikh per link.
 */
export async function loadHalqaList(actor: Actor, filters: HalqaListFilters & { page?: number }) {
  const client = clientFor(actor.connectionId);
  const [{ semesters, selected }, subject] = await Promise.all([resolveSemester(actor.connectionId, filters.semester), subjectOf(actor)]);
  const none = { rows: [] as HalqaRow[], page: 1, pages: 1, total: 0 };
  if (!selected) return { semesters, selected, ...none, teacher: subject.role === "teacher" };
  const [halqas, sheikhs] = await Promise.all([
    client.listAll("listHalqas", { query: { semester_id: selected.id, limit: API_PAGE_SIZE } }),
    client.listAll("listSheikhs", { query: { limit: API_PAGE_SIZE } }),
  ]);
  const visible = halqas.items.filter((halqa) => can.viewHalqa(subject, halqa.id));
  const { items, ...page } = pageOfList(filterHalqaRows(buildHalqaRows(visible, [], sheikhs.items), filters), filters.page ?? 1, HALQAS_PER_PAGE);
  const counts = await Promise.all(
    items.map((row) => client.listAll("listStudents", { query: { semester_id: selected.id, halqa_id: row.id, limit: API_PAGE_SIZE } }).then(({ items: students }) => students.length)),
  );
  const rows = items.map((row, index) => ({ ...row, studentCount: counts[index] ?? 0 }));
  return { semesters, selected, rows, ...page, teacher: subject.role === "teacher" };
}

export type LineageEntry = { halqa: Halqa; semester: Semester | undefined };

/**
 * One halqa with its roster, eligible sheikhs, sessions of the last 30 days and its other semesters.
 * A halqa the actor may not see, or that does not exist, is null (the page answers 404): a teacher's
 * halqa ids come from the API, so another halqa is refused before anything about it is read.
 * v1 calls: getHalqa, listStudents, listSheikhs, listSessions (concurrently), then listHalqas by
 * lineage; +1 per further 100 items; semesters cached; GET /school memoized per client.
 */
export async function loadHalqaDetail(actor: Actor, id: string) {
  const subject = await subjectOf(actor);
  if (!can.viewHalqa(subject, id)) return null;
  const client = clientFor(actor.connectionId);
  const school = await client.tenant();
  const dateFrom = addDays(todayIn(school.time_zone), -RECENT_SESSION_DAYS);
  const loaded = await Promise.all([
    halqaRecord(actor.connectionId, id),
    client.listAll("listStudents", { query: { halqa_id: id, limit: API_PAGE_SIZE } }),
    // All eligible sheikhs, not `?halqa_id=`: the same one call also names the sheikhs of past sessions.
    client.listAll("listSheikhs", { query: { limit: API_PAGE_SIZE } }),
    client.listAll("listSessions", { query: { halqa_id: id, date_from: dateFrom, limit: API_PAGE_SIZE } }),
    semestersFor(actor.connectionId),
  ]).catch(missingAsNull);
  if (!loaded) return null;
  const [halqa, students, sheikhs, sessions, semesters] = loaded;
  if (!halqa) return null;
  const lineage = await client.listAll("listHalqas", { query: { lineage_id: halqa.lineage_id, limit: API_PAGE_SIZE } });
  const semesterOf = (semesterId: string) => semesters.find((s) => s.id === semesterId);
  const others: LineageEntry[] = lineage.items
    .filter((other) => other.id !== halqa.id && can.viewHalqa(subject, other.id))
    .map((other) => ({ halqa: other, semester: semesterOf(other.semester_id) }))
    .sort((a, b) => (b.semester?.starts_on ?? "").localeCompare(a.semester?.starts_on ?? ""));
  return {
    school,
    halqa,
    semester: semesterOf(halqa.semester_id),
    roster: students.items.toSorted((a, b) => a.full_name.localeCompare(b.full_name)),
    eligibleSheikhs: sheikhs.items.filter((sheikh) => sheikh.halqa_ids.includes(halqa.id)).sort(byName),
    sheikhNames: new Map(sheikhs.items.map((sheikh) => [sheikh.id, sheikh.name])),
    sessions: newestSessionsFirst(sessions.items),
    others,
  };
}
