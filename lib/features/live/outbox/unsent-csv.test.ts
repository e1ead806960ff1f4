import { describe, expect, it } from "vitest";
import { unsentCsv, type UnsentHeadings } from "./unsent-csv";

const headings: UnsentHeadings = {
  type: "Type",
  student: "Student",
  what: "What",
  detail: "Detail",
  changedAt: "When",
  reason: "Why not sent",
  mark: "Attendance",
  recitation: "Recitation",
};

describe("unsentCsv", () => {
  it("lists every unsent mark and recitation with its reason, through the one CSV writer (BOM, every cell quoted, formulas defused)", () => {
    const csv = unsentCsv({
      marks: [
        {
          student_id: "s1",
          value: { status: "late", late_minutes: 5, note: "bus, late" },
          version: 3,
          state: "failed",
          reason: "Writes are off",
          changedAt: Date.UTC(2026, 10, 24, 8, 0),
        },
        {
          student_id: "s2",
          value: { status: "absent", late_minutes: null, note: " =cmd()" },
          version: 4,
          state: "pending",
          changedAt: Date.UTC(2026, 10, 24, 8, 1),
        },
      ],
      recitations: [
        {
          clientId: "c1",
          draft: {
            student_id: "s1",
            kind: "new_memorization",
            start: { surah: 78, ayah: 1 },
            end: { surah: 78, ayah: 16 },
            rating: 4,
            mistakes: null,
            note: null,
          },
          recorded_at: "2026-11-24T08:05:00.000Z",
          attempts: 1,
          state: "failed",
          reason: "Writes are off",
          createdAt: 0,
        },
      ],
      nameOf: (id) => (id === "s1" ? "عبد الله" : "Omar"),
      statusLabel: (status) => status,
      kindLabel: (kind) => kind,
      headings,
    });
    expect(csv.startsWith('\uFEFF"Type","Student","What","Detail","When","Why not sent"\r\n')).toBe(true);
    const lines = csv.slice(1).trim().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      '"Attendance","عبد الله","late","5 min; bus, late","2026-11-24T08:00:00.000Z","Writes are off"',
    );
    // A formula behind a leading space was run by a spreadsheet before this CSV used lib/csv.ts.
    expect(lines[2]).toBe(`"Attendance","Omar","absent","' =cmd()","2026-11-24T08:01:00.000Z",""`);
    expect(lines[3]).toBe(
      '"Recitation","عبد الله","new_memorization","78:1-78:16; rating 4","2026-11-24T08:05:00.000Z","Writes are off"',
    );
  });
});
