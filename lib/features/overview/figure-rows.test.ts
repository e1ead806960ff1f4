import { describe, expect, it } from "vitest";
import { halqaFigures, sortFigures } from "./figure-rows";

const weeks = ["2026-11-16", "2026-11-23"];
const halqas = [
  { id: "a", name: "Alif" },
  { id: "b", name: "Ba" },
  { id: "c", name: "Ta" },
];

describe("halqaFigures", () => {
  const rows = halqaFigures({
    halqas,
    weeks,
    marks: [
      { halqaId: "a", week: "2026-11-23", inTerm: true, status: "present", n: 6 },
      { halqaId: "a", week: "2026-11-23", inTerm: true, status: "late", n: 1 },
      { halqaId: "a", week: "2026-11-23", inTerm: true, status: "absent", n: 3 },
      { halqaId: "a", week: "2026-11-23", inTerm: true, status: "excused", n: 5 },
      { halqaId: "a", week: "2026-11-16", inTerm: true, status: "absent", n: 2 },
      { halqaId: "a", week: "2026-11-16", inTerm: false, status: "present", n: 2 },
      { halqaId: "b", week: "2026-11-16", inTerm: true, status: "present", n: 4 },
    ],
    recitations: [
      { halqaId: "a", week: "2026-11-23", inTerm: true, n: 10 },
      { halqaId: "a", week: "2026-11-16", inTerm: true, n: 5 },
    ],
    people: new Map([
      ["a", { active: 5, heard: 4 }],
      ["b", { active: 2, heard: 0 }],
    ]),
  });

  it("counts attendance as the rate everywhere (excused left out), by week and over the term", () => {
    const a = rows.find((r) => r.id === "a")!;
    expect(a.attendance.week).toEqual({ rate: 0.7, counted: 10 });
    expect(a.attendance.last).toEqual({ rate: 0.5, counted: 4 });
    expect(a.attendance.term).toEqual({ rate: 7 / 12, counted: 12 });
    expect(a.trend).toEqual([0.5, 0.7]);
  });

  it("divides recitations and the share heard by active students, and says nothing without them", () => {
    const [a, b, c] = rows;
    expect(a!.recitations).toEqual({ week: 2, last: 1, term: 3 });
    expect(a!.heard).toBe(0.8);
    expect(b!.recitations.week).toBe(0);
    expect(b!.attendance.week.rate).toBeNull();
    expect(c!.recitations.week).toBeNull();
    expect(c!.heard).toBeNull();
  });

  it("sorts by a column either way, halqas without the figure last", () => {
    expect(sortFigures(rows, { key: "attendanceWeek", dir: "desc" }).map((r) => r.id)).toEqual(["a", "b", "c"]);
    expect(sortFigures(rows, { key: "attendanceLast", dir: "asc" }).map((r) => r.id)).toEqual(["a", "b", "c"]);
    expect(sortFigures(rows, { key: "attendanceLast", dir: "desc" }).map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(sortFigures(rows, { key: "name", dir: "desc" }).map((r) => r.id)).toEqual(["c", "b", "a"]);
  });
});
