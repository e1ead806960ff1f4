import { describe, expect, it } from "vitest";
import type { Period } from "./period";
import { halqaRows, newlyMemorised, periodFigures, type ReportRecitation } from "./report";

const ZONE = "Asia/Riyadh";
const NOVEMBER: Period = { kind: "month", from: "2026-11-01", to: "2026-11-30" };

const recitation = (
  id: string,
  kind: ReportRecitation["kind"],
  from: number,
  to: number,
  at: string,
  rating = 3,
): ReportRecitation => ({
  id,
  kind,
  range: { start: { surah: 67, ayah: from }, end: { surah: 67, ayah: to } },
  rating,
  mistakes: null,
  recorded_at: at,
});

const session = (date: string, status: "present" | "absent" | null) => ({
  session: { id: date, date, starts_at: `${date}T05:00:00Z`, status: "ended" as const },
  row: status ? { status } : null,
});

const RECORD = { halqa_id: "h", enrolled_on: null };

describe("a report's figures for a period", () => {
  it("counts the period's recitations by the school's day, and only ayahs memorised for the first time in it", () => {
    const { figures, until } = periodFigures(
      [
        recitation("before", "new_memorization", 1, 10, "2026-10-20T08:00:00Z", 5),
        // 22:00 UTC on 31 October is already 1 November in Riyadh.
        recitation("edge", "new_memorization", 5, 15, "2026-10-31T22:00:00Z", 4),
        recitation("revision", "recent_revision", 1, 15, "2026-11-10T08:00:00Z", 2),
        recitation("after", "new_memorization", 16, 30, "2026-12-01T08:00:00Z"),
      ],
      [
        session("2026-10-30", "absent"),
        session("2026-11-02", "present"),
        session("2026-11-03", "absent"),
        session("2026-11-04", null),
      ],
      RECORD,
      NOVEMBER,
      ZONE,
    );
    expect(figures.recitations.map((r) => r.id)).toEqual(["edge", "revision"]);
    expect(figures.byKind).toEqual({ new_memorization: 1, recent_revision: 1, old_revision: 0 });
    expect(figures.meanRating).toBe(3);
    expect(figures.newAyahs).toBe(5);
    expect(figures.attendance).toMatchObject({
      counted: 2,
      attended: 1,
      unmarked: 1,
      streak: { kind: "missed", sessions: 1 },
    });
    expect(until.map((r) => r.id)).toEqual(["before", "edge", "revision"]);
  });

  it("has no mean rating without recitations", () => {
    expect(periodFigures([], [], RECORD, NOVEMBER, ZONE).figures).toMatchObject({
      meanRating: null,
      newAyahs: 0,
      recitations: [],
    });
  });
});

describe("a halqa report's rows", () => {
  it("give each student their own attendance, recitations and juz, a missing row counting as unmarked", () => {
    const sessions = ["2026-11-02", "2026-11-03"].map((date) => ({
      id: date,
      date,
      starts_at: `${date}T05:00:00Z`,
      status: "ended" as const,
    }));
    const rows = halqaRows(
      [
        { id: "a", halqa_id: "h", enrolled_on: null },
        { id: "b", halqa_id: "h", enrolled_on: null },
      ],
      {
        sessions,
        attendance: [
          { session_id: "2026-11-02", student_id: "a", status: "present" },
          { session_id: "2026-11-03", student_id: "a", status: "absent" },
          { session_id: "2026-11-02", student_id: "b", status: "late" },
        ],
        recitations: [
          { ...recitation("1", "new_memorization", 1, 10, "2026-11-02T06:00:00Z", 4), student_id: "a" },
          { ...recitation("2", "recent_revision", 1, 30, "2026-11-03T06:00:00Z", 2), student_id: "a" },
          {
            id: "3",
            kind: "old_revision",
            range: { start: { surah: 1, ayah: 1 }, end: { surah: 2, ayah: 150 } },
            rating: 5,
            recorded_at: "2026-11-02T06:00:00Z",
            student_id: "b",
          },
        ],
      },
      new Map(),
      ZONE,
    );
    expect(rows[0]).toMatchObject({
      recitations: 2,
      meanRating: 3,
      memorisedAyahs: 10,
      attendance: { counted: 2, attended: 1, rate: 0.5 },
    });
    expect(rows[0]!.juz[28]).toBe("new");
    expect(rows[0]!.juz.filter(Boolean)).toHaveLength(1);
    expect(rows[1]).toMatchObject({
      recitations: 1,
      memorisedAyahs: 0,
      attendance: { counted: 1, unmarked: 1, rate: 1 },
    });
    expect(rows[1]!.juz.slice(0, 3)).toEqual(["revision", "revision", null]);
  });
});

describe("newly memorised: one figure on the student report and the halqa report (issue 58.15)", () => {
  // Al-Mulk 1–10 memorised in October, in another semester's record; in November 5–20 recited as new.
  const october = recitation("oct", "new_memorization", 1, 10, "2026-10-10T06:00:00Z");
  const november = recitation("nov", "new_memorization", 5, 20, "2026-11-10T06:00:00Z");
  it("counts only the ayahs not memorised before the period", () => {
    expect(newlyMemorised([october], [november], NOVEMBER.to, ZONE)).toBe(10);
    expect(newlyMemorised([], [november], NOVEMBER.to, ZONE)).toBe(16);
  });
  it("gives the halqa report's row the student report's figure", () => {
    const student = periodFigures([october, november], [], RECORD, NOVEMBER, ZONE).figures.newAyahs;
    const [row] = halqaRows(
      [{ id: "a", ...RECORD }],
      {
        sessions: [{ id: "s", date: "2026-11-10", starts_at: "2026-11-10T05:00:00Z", status: "ended" }],
        attendance: [],
        recitations: [{ ...november, student_id: "a" }],
      },
      new Map([["a", [october]]]),
      ZONE,
    );
    expect(row!.memorisedAyahs).toBe(student);
    expect(student).toBe(10);
  });
});
