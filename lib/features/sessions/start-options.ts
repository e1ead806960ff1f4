import type { Halqa, Sheikh } from "@/lib/contract";
import type { Subject } from "@/lib/authz/policy";

export type Option = { id: string; name: string };
/** A halqa one may start a session in, with the sheikhs who may lead it there. */
export type StartGroup = { halqa: Option; sheikhs: Option[] };

const byName = (a: Option, b: Option) => a.name.localeCompare(b.name);

/**
 * What the "start a session" form offers: eligible halqas (active, of the active semester) and
 * for each the eligible sheikhs. A teacher gets only halqas they teach and only their own sheikh
 * records; an admin gets every combination. Halqas nobody can lead are left out.
 */
export function startGroups(
  subject: Subject,
  activeSemesterId: string | null,
  halqas: readonly Halqa[],
  sheikhs: readonly Sheikh[],
): StartGroup[] {
  if (subject.role !== "admin" && subject.role !== "teacher") return [];
  const leaders = subject.role === "teacher" ? sheikhs.filter((s) => subject.sheikhIds.includes(s.id)) : sheikhs;
  return halqas
    .filter((h) => h.is_active && h.semester_id === activeSemesterId)
    .filter((h) => subject.role === "admin" || subject.halqaIds.has(h.id))
    .map((h) => ({
      halqa: { id: h.id, name: h.name },
      sheikhs: leaders
        .filter((s) => s.halqa_ids.includes(h.id))
        .map((s) => ({ id: s.id, name: s.name }))
        .sort(byName),
    }))
    .filter((group) => group.sheikhs.length > 0)
    .sort((a, b) => byName(a.halqa, b.halqa));
}
