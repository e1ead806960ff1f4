import { describe, expect, it } from "vitest";
import { SCHOOL } from "@/tests/support/features/notices/fixture";
import { reportCard, surahLines } from "./card";
import { child, TERM, TODAY } from "@/tests/support/features/report-cards/fixture";

const card = (comment: string | null = null) =>
  reportCard({ child: child(), school: SCHOOL, term: TERM, today: TODAY, comment }, "en");

describe("a term report card", () => {
  it("counts attendance as the family page does (present and late attend, excused is left out of the rate)", () => {
    const { attendance } = card();
    expect(attendance).toMatchObject({
      present: 3,
      late: 1,
      missed: 1,
      excused: 1,
      counted: 5,
      attended: 4,
      rate: 0.8,
    });
    expect(attendance).toEqual(child().attendanceFacts);
  });

  it("lists the term's recitations only, by kind, with the school's rating words", () => {
    const { recitations } = card();
    expect(recitations.total).toBe(3);
    expect(recitations.byKind).toEqual({ new_memorization: 1, recent_revision: 1, old_revision: 1 });
    expect(recitations.list.map((r) => r.rating)).toEqual(["Very good", "Good", "Weak"]);
    expect(recitations.meanRating).toBe("Good");
  });

  it("maps the term by surah: new ayahs and revised ayahs, an ayah counted once, a range across surahs split", () => {
    const { quran } = card();
    expect(quran.newAyahs).toBe(50);
    expect(quran.surahs.map((s) => [s.surah, s.newAyahs, s.revisedAyahs])).toEqual([
      [1, 0, 7],
      [2, 0, 5],
      [77, 50, 20],
    ]);
    expect(
      surahLines([
        { kind: "new_memorization", range: { start: { surah: 114, ayah: 1 }, end: { surah: 114, ayah: 6 } } },
      ])[0],
    ).toMatchObject({ surah: 114, newAyahs: 6, ayahCount: 6 });
  });

  it("carries only what parents may see: no staff-only assignment, no teacher's note", () => {
    const made = card("  Yusuf worked hard.  ");
    expect([...made.assignments!.current, ...made.assignments!.completed].map((a) => a.id).sort()).toEqual([
      "a1",
      "a3",
    ]);
    expect(JSON.stringify(made)).not.toMatch(/staff-only|staff only|teacher's note/);
    expect(made.comment).toBe("Yusuf worked hard.");
    expect(card("   ").comment).toBeNull();
  });
});
