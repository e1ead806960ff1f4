import { describe, expect, it } from "vitest";
import type { Halqa, Sheikh } from "@/lib/contract";
import type { Subject } from "@/lib/authz/policy";
import { startGroups } from "./start-options";

const stamp = { created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z" };
const halqa = (id: string, name: string, extra: Partial<Halqa> = {}): Halqa => ({
  id,
  name,
  lineage_id: `l-${id}`,
  semester_id: "sem",
  description: null,
  is_active: true,
  ...stamp,
  ...extra,
});
const sheikh = (id: string, name: string, halqaIds: string[]): Sheikh => ({ id, name, halqa_ids: halqaIds, ...stamp });

const halqas = [
  halqa("h1", "Umar"),
  halqa("h2", "Abu Bakr"),
  halqa("h3", "Khadijah"),
  halqa("h4", "Zaid", { is_active: false }),
  halqa("h5", "Old", { semester_id: "old" }),
];
const sheikhs = [
  sheikh("s1", "Abdullah", ["h1", "h2"]),
  sheikh("s2", "Saleh", ["h2"]),
  sheikh("s3", "Maryam", ["h3", "h4"]),
];

describe("startGroups", () => {
  it("gives an admin every eligible halqa with its eligible sheikhs, by name", () => {
    const admin: Subject = { role: "admin", sheikhIds: [], halqaIds: new Set(), studentLineageIds: [] };
    expect(startGroups(admin, "sem", halqas, sheikhs)).toEqual([
      {
        halqa: { id: "h2", name: "Abu Bakr" },
        sheikhs: [
          { id: "s1", name: "Abdullah" },
          { id: "s2", name: "Saleh" },
        ],
      },
      { halqa: { id: "h3", name: "Khadijah" }, sheikhs: [{ id: "s3", name: "Maryam" }] },
      { halqa: { id: "h1", name: "Umar" }, sheikhs: [{ id: "s1", name: "Abdullah" }] },
    ]);
  });

  it("gives a teacher only the halqas they teach, led by their own sheikh record", () => {
    const teacher: Subject = {
      role: "teacher",
      sheikhIds: ["s1"],
      halqaIds: new Set(["h1", "h2"]),
      studentLineageIds: [],
    };
    expect(startGroups(teacher, "sem", halqas, sheikhs)).toEqual([
      { halqa: { id: "h2", name: "Abu Bakr" }, sheikhs: [{ id: "s1", name: "Abdullah" }] },
      { halqa: { id: "h1", name: "Umar" }, sheikhs: [{ id: "s1", name: "Abdullah" }] },
    ]);
  });

  it("offers nothing without an active semester, and nothing to a parent", () => {
    const admin: Subject = { role: "admin", sheikhIds: [], halqaIds: new Set(), studentLineageIds: [] };
    expect(startGroups(admin, null, halqas, sheikhs)).toEqual([]);
    expect(startGroups({ ...admin, role: "parent" }, "sem", halqas, sheikhs)).toEqual([]);
  });
});
