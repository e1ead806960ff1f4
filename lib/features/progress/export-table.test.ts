import { describe, expect, it } from "vitest";
import type { AttendanceRow, Recitation, Session } from "@/lib/contract";
import { translator } from "@/lib/i18n/core";
import { tableCsv } from "@/lib/csv";
import { exportRange, progressTable } from "./export-table";

const at = "2026-11-01T13:00:00.000Z";
const session = (id: string, date: string): Session => ({
  id,
  halqa_id: "hlq_1",
  sheikh_id: "shk_1",
  semester_id: "sem_1",
  status: "ended",
  date,
  starts_at: `${date}T13:00:00.000Z`,
  ended_at: null,
  topic: null,
  created_at: at,
  updated_at: at,
});
const row = (sessionId: string, studentId: string, note: string | null = null): AttendanceRow => ({
  id: `att_${sessionId}_${studentId}`,
  session_id: sessionId,
  student_id: studentId,
  status: "late",
  late_minutes: 5,
  note,
  created_at: at,
  updated_at: at,
});
const recitation = (sessionId: string, studentId: string, note: string | null): Recitation => ({
  id: `rec_${sessionId}`,
  session_id: sessionId,
  student_id: studentId,
  kind: "old_revision",
  range: { start: { surah: 67, ayah: 1 }, end: { surah: 67, ayah: 30 } },
  rating: 4,
  mistakes: 1,
  note,
  recorded_at: at,
  created_at: at,
  updated_at: at,
});

describe("progressTable as CSV", () => {
  const input = {
    sessions: [session("ses_a", "2026-11-01"), session("ses_b", "2026-11-03")],
    attendance: [row("ses_b", "stu_1"), row("ses_a", "stu_2", '=HYPERLINK("http://evil")')],
    recitations: [recitation("ses_a", "stu_1", "+1 more")],
    names: new Map([
      ["stu_1", "عبد الله"],
      ["stu_2", "-Sara"],
    ]),
  };

  it("starts with a BOM, has translated headings, one line per record in session order, and defuses formulas", () => {
    const csv = tableCsv(progressTable(input, translator("en")));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(
      '"Record","Date","Session","Student","Student id","Status","Minutes late","Kind","Range","Rating","Mistakes","Note","Recorded at"',
    );
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 3).join(","))).toEqual([
      '"Attendance","2026-11-01","ses_a"',
      '"Recitation","2026-11-01","ses_a"',
      '"Attendance","2026-11-03","ses_b"',
    ]);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(`"'-Sara"`);
    expect(lines[2]).toContain('"\'+1 more"');
    expect(lines[2]).toContain('"67:1–67:30","4","1"');
    expect(lines[3]).toContain('"عبد الله","stu_1","Late","5"');
  });

  it("speaks Arabic to an Arabic reader", () => {
    expect(tableCsv(progressTable(input, translator("ar"))).split("\r\n")[0]).toMatch(/السجل/);
  });

  it("writes its numbers in the school's digits, as its pages do, and ids and instants as the API gives them", () => {
    const western = tableCsv(progressTable(input, translator("ar"), { locale: "ar", numerals: "western" })).split(
      "\r\n",
    );
    expect(western[2]).toContain('"67:1–67:30","4","1"');
    const native = tableCsv(
      progressTable(input, translator("ar", "native"), { locale: "ar", numerals: "native" }),
    ).split("\r\n");
    expect(native[1]).toContain('"٢٠٢٦-١١-٠١","ses_a"');
    expect(native[2]).toContain('"٦٧:١–٦٧:٣٠","٤","١"');
    expect(native[3]).toContain('"stu_1","متأخر","٥"');
    expect(native[3]).toMatch(/"\d{4}-\d{2}-\d{2}T[^"]*"$/);
    expect(
      tableCsv(progressTable(input, translator("ur", "native"), { locale: "ur", numerals: "native" })).split("\r\n")[3],
    ).toContain('"۵"');
  });
});

describe("exportRange", () => {
  it("takes real school dates, in order, at most 400 days apart", () => {
    expect(exportRange("2026-01-01", "2026-01-31")).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(exportRange("2026-01-31", "2026-01-01")).toBeNull();
    expect(exportRange("2026-02-30", "2026-03-01")).toBeNull();
    expect(exportRange("2026-1-1", "2026-03-01")).toBeNull();
    expect(exportRange(null, "2026-03-01")).toBeNull();
    expect(exportRange("2024-01-01", "2026-01-01")).toBeNull();
  });
});
