import { describe, expect, it } from "vitest";
import type { Semester, Student } from "@/lib/contract";
import { mark, SCHOOL, session, student } from "@/tests/support/features/notices/fixture";
import { childView, currentRecord, type ChildParts } from "./queries";

const semester = (id: string, status: Semester["status"]) => ({ id, status }) as Semester;
const record = (id: string, semester_id: string, created_at: string) => ({ id, semester_id, created_at }) as Student;

describe("a child's current record", () => {
  it("is the record of the active semester", () => {
    const semesters = [semester("old", "archived"), semester("now", "active"), semester("next", "planned")];
    expect(
      currentRecord(
        [
          record("a", "old", "2025-01-01T00:00:00Z"),
          record("b", "now", "2026-01-01T00:00:00Z"),
          record("c", "next", "2026-09-01T00:00:00Z"),
        ],
        semesters,
      )?.id,
    ).toBe("b");
  });

  it("else the newest record, and none without records", () => {
    const semesters = [semester("old", "archived")];
    expect(
      currentRecord([record("a", "old", "2025-01-01T00:00:00Z"), record("b", "old", "2025-06-01T00:00:00Z")], semesters)
        ?.id,
    ).toBe("b");
    expect(currentRecord([], semesters)).toBeNull();
  });
});

describe("a child's listed sessions", () => {
  // Twelve ended sessions in six days, two a day (a morning and an evening halqa), all before today.
  const days = Array.from({ length: 6 }, (_, i) => `2026-10-${String(20 + i).padStart(2, "0")}`);
  const sessions = days.flatMap((date, i) =>
    ["06:00", "16:00"].map((time, j) => session(`se-${i}-${j}`, new Date(`${date}T${time}:00Z`), true, date)),
  );
  const parts = (listedFrom?: string): ChildParts => ({
    lineageId: "lin-s1",
    student: student("s1", "Yusuf Ahmed"),
    school: SCHOOL,
    semesters: [],
    surahs: [],
    halqaName: "Halqa Al-Fajr",
    recitations: [],
    shared: null,
    stored: {
      recitations: [],
      attendance: sessions.map((s) => ({ session: s, row: mark(s.id, "s1", "present", new Date(s.starts_at)) })),
    },
    live: [],
    listedFrom,
  });

  it("are the latest ten on the family page", () => {
    const view = childView(parts(), "en");
    expect(view.attendance).toHaveLength(10);
    expect(view.attendance[0]!.date).toBe("2026-10-25");
    expect(view.attendanceFacts.counted).toBe(12);
  });

  it("are every session from a day on when asked (a week of twelve in a weekly summary), and never fewer than ten", () => {
    expect(childView(parts("2026-10-20"), "en").attendance).toHaveLength(12);
    expect(childView(parts("2026-10-25"), "en").attendance).toHaveLength(10);
  });
});
