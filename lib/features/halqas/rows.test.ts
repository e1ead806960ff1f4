import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "./dates";
import { buildHalqaRows, filterHalqaRows, newestSessionsFirst } from "./rows";

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

describe("sessions and dates", () => {
  it("orders sessions newest first", () => {
    const sessions = [
      { id: "a", date: "2026-01-01", starts_at: "2026-01-01T13:00:00.000Z" },
      { id: "b", date: "2026-01-03", starts_at: "2026-01-03T13:00:00.000Z" },
      { id: "c", date: "2026-01-03", starts_at: "2026-01-03T15:00:00.000Z" },
    ];
    expect(newestSessionsFirst(sessions).map((s) => s.id)).toEqual(["c", "b", "a"]);
  });

  it("takes today in the school's zone and moves dates by days", () => {
    const lateEvening = new Date("2026-03-01T22:30:00.000Z");
    expect(todayIn("Asia/Riyadh", lateEvening)).toBe("2026-03-02");
    expect(todayIn("Europe/London", lateEvening)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -30)).toBe("2026-01-30");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });
});
