import "server-only";
import { clientFor } from "@/lib/connections";
import { API_PAGE_SIZE, windowOf } from "@/lib/features/paging";
import { resolveSemester } from "@/lib/features/reference";
import { matchesSearch } from "./user-rules";

export type SheikhOption = { id: string; name: string; halqaCount: number };
export type StudentOption = {
  id: string;
  lineageId: string;
  name: string;
  preferredName: string | null;
  halqaName: string | null;
};

const PAGE = { limit: API_PAGE_SIZE } as const;
export const STUDENT_RESULTS = 20;
const MAX_MATCHES = 200;
/**
 * Linking a parent to a child must find any child of the school: the search reads up to 100 API
 * pages (10,000 students), stopping as soon as it has enough matches; a common name stops early.
 */
const LINK_SCAN_CALLS = 100;

/** Every eligible sheikh of the school, by name: what a teacher can be linked to. */
export async function sheikhOptions(connectionId: string): Promise<SheikhOption[]> {
  const { items } = await clientFor(connectionId).listAll("listSheikhs", { query: PAGE });
  return items
    .map((s) => ({ id: s.id, name: s.name, halqaCount: s.halqa_ids.length }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Students of the active semester matching a search, with their halqa's name to tell namesakes
 * apart. The API has no name filter, so the semester's list is read on its cursors and matched here:
 * at most LINK_SCAN_CALLS API pages and MAX_MATCHES matches (docs/scale.md); `total` counts the
 * matches found within that bound.
 */
export async function studentOptions(
  connectionId: string,
  query: string,
): Promise<{ semesterName: string | null; total: number; matches: StudentOption[] }> {
  const { selected } = await resolveSemester(connectionId, undefined);
  if (!selected) return { semesterName: null, total: 0, matches: [] };
  const client = clientFor(connectionId);
  const semester = { ...PAGE, semester_id: selected.id };
  const [{ items: students }, { items: halqas }] = await Promise.all([
    windowOf(
      client,
      "listStudents",
      { query: semester },
      {
        size: MAX_MATCHES,
        maxCalls: LINK_SCAN_CALLS,
        keep: (s) => matchesSearch(query, s.full_name, s.preferred_name),
      },
    ),
    client.listAll("listHalqas", { query: semester }),
  ]);
  const halqaNames = new Map(halqas.map((h) => [h.id, h.name]));
  const found = students
    .filter((s) => matchesSearch(query, s.full_name, s.preferred_name))
    .sort((a, b) => a.full_name.localeCompare(b.full_name))
    .map((s) => ({
      id: s.id,
      lineageId: s.lineage_id,
      name: s.full_name,
      preferredName: s.preferred_name,
      halqaName: halqaNames.get(s.halqa_id) ?? null,
    }));
  return { semesterName: selected.name, total: found.length, matches: found.slice(0, STUDENT_RESULTS) };
}
