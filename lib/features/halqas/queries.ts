import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import type { Halqa, Semester } from "@/lib/contract";
import { resolveSemester, semestersFor } from "@/lib/features/reference";
import { halqaRecord } from "@/lib/features/records";
import { API_PAGE_SIZE, pageOfList } from "@/lib/features/paging";
import { addDays, dateIn } from "@/lib/dates";
import { byName } from "@/lib/text-search";
import { sortNewestFirst } from "@/lib/features/sessions/list";
import { buildHalqaRows, filterHalqaRows, type HalqaRow } from "./rows";

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
  const [{ semesters, selected }, subject] = await Promise.all([
    resolveSemester(actor.connectionId, filters.semester),
    subjectOf(actor),
  ]);
  const none = { rows: [] as HalqaRow[], page: 1, pages: 1, total: 0 };
  if (!selected) return { semesters, selected, ...none, teacher: subject.role === "teacher" };
  const [halqas, sheikhs] = await Promise.all([
    client.listAll("listHalqas", { query: { semester_id: selected.id, limit: API_PAGE_SIZE } }),
    client.listAll("listSheikhs", { query: { limit: API_PAGE_SIZE } }),
  ]);
  const visible = halqas.items.filter((halqa) => can.viewHalqa(subject, halqa.id));
  const { items, ...page } = pageOfList(
    filterHalqaRows(buildHalqaRows(visible, [], sheikhs.items), filters),
    filters.page ?? 1,
    HALQAS_PER_PAGE,
  );
  const counts = await Promise.all(
    items.map((row) =>
      client
        .listAll("listStudents", { query: { semester_id: selected.id, halqa_id: row.id, limit: API_PAGE_SIZE } })
        .then(({ items: students }) => students.length),
    ),
  );
  const rows = items.map((row, index) => ({ ...row, studentCount: counts[index] ?? 0 }));
  return { semesters, selected, rows, ...page, teacher: subject.role === "teacher" };
}

export type LineageEntry = { halqa: Halqa; semester: Semester | undefined };

/**
 * One halqa's page, read in parts that stream on their own; each read is cached per request, so
 * parts that share one (the roster, the sheikhs) call once. v1 calls: getHalqa (shared with the
 * segment's gate), listStudents, listSheikhs, listSessions and listHalqas by lineage, concurrently;
 * +1 per further 100 items; semesters cached; GET /school memoized per client.
 */
export const loadHalqaHeader = cache(async (actor: Actor, id: string) => {
  const subject = await subjectOf(actor);
  // A teacher's halqa ids come from the API: another halqa is refused before anything about it is read.
  if (!can.viewHalqa(subject, id)) return null;
  const [halqa, semesters] = await Promise.all([halqaRecord(actor.connectionId, id), semestersFor(actor.connectionId)]);
  if (!halqa) return null;
  return { halqa, semester: semesters.find((s) => s.id === halqa.semester_id), semesters, subject };
});

/** The halqa's students by name. */
export const loadHalqaRoster = cache(async (connectionId: string, id: string) => {
  const { items } = await clientFor(connectionId).listAll("listStudents", {
    query: { halqa_id: id, limit: API_PAGE_SIZE },
  });
  return items.toSorted((a, b) => a.full_name.localeCompare(b.full_name));
});

/** All sheikhs, not `?halqa_id=`: the same one call names the eligible ones and those of past sessions. */
const allSheikhs = cache(
  async (connectionId: string) =>
    (await clientFor(connectionId).listAll("listSheikhs", { query: { limit: API_PAGE_SIZE } })).items,
);

export async function loadHalqaSheikhs(connectionId: string, halqa: Halqa) {
  return (await allSheikhs(connectionId)).filter((sheikh) => sheikh.halqa_ids.includes(halqa.id)).sort(byName);
}

/** Sessions of the last RECENT_SESSION_DAYS, newest first, with the names of who led them. */
export async function loadHalqaSessions(connectionId: string, halqa: Halqa) {
  const client = clientFor(connectionId);
  const school = await client.tenant();
  const dateFrom = addDays(dateIn(school.time_zone), -RECENT_SESSION_DAYS);
  const [sessions, sheikhs] = await Promise.all([
    client.listAll("listSessions", { query: { halqa_id: halqa.id, date_from: dateFrom, limit: API_PAGE_SIZE } }),
    allSheikhs(connectionId),
  ]);
  return {
    sessions: sortNewestFirst(sessions.items),
    sheikhNames: new Map(sheikhs.map((sheikh) => [sheikh.id, sheikh.name])),
  };
}

/** The same halqa in other semesters the actor may see, newest semester first. */
export async function loadHalqaLineage(
  actor: Actor,
  header: NonNullable<Awaited<ReturnType<typeof loadHalqaHeader>>>,
): Promise<LineageEntry[]> {
  const { halqa, semesters, subject } = header;
  const lineage = await clientFor(actor.connectionId).listAll("listHalqas", {
    query: { lineage_id: halqa.lineage_id, limit: API_PAGE_SIZE },
  });
  return lineage.items
    .filter((other) => other.id !== halqa.id && can.viewHalqa(subject, other.id))
    .map((other) => ({ halqa: other, semester: semesters.find((s) => s.id === other.semester_id) }))
    .sort((a, b) => (b.semester?.starts_on ?? "").localeCompare(a.semester?.starts_on ?? ""));
}
