import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { clientFor } from "@/lib/connections";
import { dateIn } from "@/lib/dates";
import { API_PAGE_SIZE, pageOfList } from "@/lib/features/paging";
import { halqasOfSemester, resolveSemester } from "@/lib/features/reference";
import { byName } from "@/lib/text-search";
import { suggestTimetable, type Timetable } from "./rules";
import { recentSessionsOf, timetablesOf } from "./store";

export const TIMETABLE_ROWS_PER_PAGE = 25;

export type TimetableRow = {
  id: string;
  name: string;
  isActive: boolean;
  sheikhs: string[];
  timetable: Timetable | null;
  /** For a halqa without a timetable: what its last four weeks of sessions suggest (null: nothing to suggest). */
  suggestion: Timetable | null;
};

/**
 * The timetable page of one semester: its halqas by name, 25 a page, each with its sheikhs, its
 * timetable (the dashboard's store) or a suggestion from its recent sessions (the progress read
 * model). v1 calls: listHalqas?semester_id and listSheikhs concurrently (+1 per further 100);
 * school memoized, semesters cached. A real school may ignore the semester filter: halqas are
 * kept by their own `semester_id`.
 */
export async function loadTimetablePage(actor: Actor, query: { semester?: string; page: number }) {
  const client = clientFor(actor.connectionId);
  const { semesters, selected } = await resolveSemester(actor.connectionId, query.semester);
  if (!selected)
    return {
      semesters,
      selected,
      rows: [] as TimetableRow[],
      page: 1,
      pages: 1,
      total: 0,
      timetabled: 0,
      readOnly: true,
    };
  const [school, halqas, sheikhs, timetables] = await Promise.all([
    client.tenant(),
    halqasOfSemester(actor.connectionId, selected.id),
    client.listAll("listSheikhs", { query: { limit: API_PAGE_SIZE } }),
    timetablesOf(actor.connectionId, selected.id),
  ]);
  const { items, ...page } = pageOfList(halqas, query.page, TIMETABLE_ROWS_PER_PAGE);
  const today = dateIn(school.time_zone);
  const untimed = items.filter((halqa) => !timetables.has(halqa.id)).map((halqa) => halqa.id);
  const recent = await recentSessionsOf({ connectionId: actor.connectionId, tenantId: school.id }, untimed, today);
  const rows = items.map((halqa): TimetableRow => {
    const stored = timetables.get(halqa.id);
    return {
      id: halqa.id,
      name: halqa.name,
      isActive: halqa.is_active,
      sheikhs: sheikhs.items
        .filter((sheikh) => sheikh.halqa_ids.includes(halqa.id))
        .sort(byName)
        .map((sheikh) => sheikh.name),
      timetable: stored ? { weekdays: stored.weekdays, startsAt: stored.startsAt, endsAt: stored.endsAt } : null,
      suggestion: stored ? null : suggestTimetable(recent.get(halqa.id) ?? [], today, school.time_zone),
    };
  });
  const timetabled = halqas.filter((halqa) => timetables.has(halqa.id)).length;
  return { semesters, selected, rows, ...page, timetabled, readOnly: selected.status === "archived" };
}
