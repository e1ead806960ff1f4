import { normalizeForSearch } from "@/lib/text-search";

/**
 * One name and one order for a student wherever staff read a list of them (the register, the
 * session page): the preferred name, the full name where two would read the same. What leaves the
 * register (a report card, a document, an admin's list) names the student in full (`documentName`);
 * a family's page and messages call the child by the name the school calls them (`calledName`).
 */
type Named = { id: string; full_name: string; preferred_name: string | null };
type Names = Pick<Named, "full_name" | "preferred_name">;

/** The name the school calls the student by: the preferred name where it gives one, else the full name. */
export function calledName(student: Names): string {
  return student.preferred_name?.trim() || student.full_name;
}

/**
 * The student's name on anything that leaves the register (report cards, certificates, exports,
 * admin lists): the full name as the school writes it, with the preferred name beside it where
 * the school gives one that the full name does not already hold ("Abdullah Al-Harbi (Aboud)").
 */
export function documentName(student: Names): string {
  const called = student.preferred_name?.trim();
  // Compared word for word, as names are searched: "Yusuf" is in "Yusuf Al-Harbi", "Ali" is not in "Alia".
  if (!called || ` ${normalizeForSearch(student.full_name)} `.includes(` ${normalizeForSearch(called)} `))
    return student.full_name;
  return `${student.full_name} (${called})`;
}

/**
 * The name each row is shown (and announced) by: the preferred name, unless another row of the
 * register has the same one; then the full name, and when even that repeats, the full name with a
 * number in roster order. Two rows that read the same cannot be told apart by the teacher, nor by
 * a screen reader or a keyboard user.
 */
export function rowNames(students: readonly Named[]): Map<string, string> {
  const tally = (labels: string[]) => labels.reduce((m, l) => m.set(l, (m.get(l) ?? 0) + 1), new Map<string, number>());
  const short = students.map((s) => s.preferred_name?.trim() || s.full_name);
  const shortCounts = tally(short);
  const chosen = students.map((s, i) => (shortCounts.get(short[i]!)! > 1 ? s.full_name : short[i]!));
  const chosenCounts = tally(chosen);
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  students.forEach((s, i) => {
    const label = chosen[i]!;
    if (chosenCounts.get(label)! > 1) {
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      names.set(s.id, `${label} (${n})`);
    } else names.set(s.id, label);
  });
  return names;
}

/**
 * The names of a record that leaves the screen (a CSV): the full name always, numbered in the given
 * order when two students share it. A preferred name ("Malik") may be shared by students of other
 * halqas, and a spreadsheet is read apart from the halqa it came from.
 */
export function recordNames(students: readonly Named[]): Map<string, string> {
  return rowNames(students.map((s) => ({ id: s.id, full_name: s.full_name, preferred_name: null })));
}

/** The students in the order of the names they are shown by (then by id, so that the order is stable). */
export function byDisplayName<T extends Named>(students: readonly T[]): T[] {
  const names = rowNames(students);
  return [...students].sort((a, b) => names.get(a.id)!.localeCompare(names.get(b.id)!) || a.id.localeCompare(b.id));
}
