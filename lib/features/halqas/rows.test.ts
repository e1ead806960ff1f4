import { describe, expect, it } from "vitest";
import { buildHalqaRows, filterHalqaRows } from "./rows";

const halqas = [
  { id: "h2", name: "Umar Circle", is_active: true },
  { id: "h1", name: "Abu Bakr Circle", is_active: true },
  { id: "h3", name: "Zaid Evening Circle", is_active: false },
];
const students = [{ halqa_id: "h1" }, { halqa_id: "h1" }, { halqa_id: "h2" }, { halqa_id: "other" }];
const sheikhs = [
  { name: "Saleh", halqa_ids: ["h1"] },
  { name: "Abdullah", halqa_ids: ["h1", "h2"] },
];

describe("buildHalqaRows", () => {
  const rows = buildHalqaRows(halqas, students, sheikhs);

  it("counts students and names sheikhs per halqa, sorted by name", () => {
    expect(rows).toEqual([
      { id: "h1", name: "Abu Bakr Circle", isActive: true, studentCount: 2, sheikhNames: ["Abdullah", "Saleh"] },
      { id: "h2", name: "Umar Circle", isActive: true, studentCount: 1, sheikhNames: ["Abdullah"] },
      { id: "h3", name: "Zaid Evening Circle", isActive: false, studentCount: 0, sheikhNames: [] },
    ]);
  });

  it("filters by state and by name or sheikh", () => {
    expect(filterHalqaRows(rows, { active: "false" }).map((r) => r.id)).toEqual(["h3"]);
    expect(filterHalqaRows(rows, { active: "true", q: "umar" }).map((r) => r.id)).toEqual(["h2"]);
    expect(filterHalqaRows(rows, { q: "saleh" }).map((r) => r.id)).toEqual(["h1"]);
    expect(filterHalqaRows(rows, {})).toHaveLength(3);
  });
});
