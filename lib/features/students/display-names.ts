/**
 * One name and one order for a student wherever staff read a list of them (the register, the
 * session page): the preferred name, the full name where two would read the same.
 */
type Named = { id: string; full_name: string; preferred_name: string | null };

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
