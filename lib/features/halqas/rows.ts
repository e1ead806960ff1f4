import type { Halqa, Sheikh, Student } from "@/lib/contract";
import { byName, matchesQuery } from "@/lib/text-search";

export type HalqaRow = {
  id: string;
  name: string;
  isActive: boolean;
  studentCount: number;
  sheikhNames: string[];
};

/** Joins whole lists in memory: one pass over students and sheikhs, never a call per halqa. */
export function buildHalqaRows(
  halqas: readonly Pick<Halqa, "id" | "name" | "is_active">[],
  students: readonly Pick<Student, "halqa_id">[],
  sheikhs: readonly Pick<Sheikh, "name" | "halqa_ids">[],
): HalqaRow[] {
  const studentCounts = new Map<string, number>();
  for (const student of students) studentCounts.set(student.halqa_id, (studentCounts.get(student.halqa_id) ?? 0) + 1);
  const sheikhNames = new Map<string, string[]>();
  for (const sheikh of sheikhs)
    for (const id of sheikh.halqa_ids) sheikhNames.set(id, [...(sheikhNames.get(id) ?? []), sheikh.name]);
  return halqas
    .map((halqa) => ({
      id: halqa.id,
      name: halqa.name,
      isActive: halqa.is_active,
      studentCount: studentCounts.get(halqa.id) ?? 0,
      sheikhNames: (sheikhNames.get(halqa.id) ?? []).toSorted((a, b) => a.localeCompare(b)),
    }))
    .sort(byName);
}

export function filterHalqaRows(
  rows: readonly HalqaRow[],
  filters: { q?: string; active?: "true" | "false" },
): HalqaRow[] {
  return rows.filter(
    (row) =>
      (filters.active === undefined || row.isActive === (filters.active === "true")) &&
      matchesQuery([row.name, ...row.sheikhNames], filters.q),
  );
}
