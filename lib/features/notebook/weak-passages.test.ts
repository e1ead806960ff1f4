import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { weakAyahs, type PlacedMistake } from "./weak-passages";

const m = (recitationId: string, studentId: string, ayah: number, day: string, type = "tajweed"): PlacedMistake => ({
  recitationId,
  studentId,
  type,
  at: { surah: 78, ayah },
  day,
});

describe("weak passages", () => {
  it("are ayahs with mistakes in two recitations or more, the recent and frequent first", () => {
    const weak = weakAyahs(
      [
        m("r1", "s", 4, "2026-03-01"),
        m("r2", "s", 4, "2026-03-10", "hesitation"),
        m("r3", "s", 4, "2026-03-20"),
        m("r1", "s", 9, "2026-03-01"),
        m("r1", "s", 9, "2026-03-01"),
        m("r2", "s", 12, "2026-01-01"),
        m("r3", "s", 12, "2026-01-02"),
      ],
      "2026-03-21",
    );
    expect(weak.map((w) => [w.at.ayah, w.mistakes, w.recitations])).toEqual([
      [4, 3, 3],
      [12, 2, 2],
    ]);
    expect(weak[0]).toMatchObject({ byType: { tajweed: 2, hesitation: 1 }, lastDay: "2026-03-20" });
  });

  it("for a halqa, are ayahs where several students stumble", () => {
    const list = [
      m("r1", "a", 4, "2026-03-01"),
      m("r2", "b", 4, "2026-03-02"),
      m("r3", "a", 5, "2026-03-01"),
      m("r4", "a", 5, "2026-03-02"),
    ];
    expect(
      weakAyahs(list, "2026-03-03", { minRecitations: 1, minStudents: 2 }).map((w) => [w.at.ayah, w.students]),
    ).toEqual([[4, 2]]);
  });

  it("never weigh an older mistake more than the same one newer, nor list more than the limit", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ayah: fc.integer({ min: 1, max: 40 }),
            day: fc.integer({ min: 1, max: 28 }),
            rec: fc.integer({ min: 1, max: 6 }),
          }),
          { maxLength: 60 },
        ),
        (raw) => {
          const list = raw.map((x) => m(`r${x.rec}`, "s", x.ayah, `2026-02-${String(x.day).padStart(2, "0")}`));
          const weak = weakAyahs(list, "2026-03-01");
          expect(weak.length).toBeLessThanOrEqual(10);
          for (const w of weak) expect(w.recitations).toBeGreaterThanOrEqual(2);
          for (let i = 1; i < weak.length; i++) expect(weak[i]!.score).toBeLessThanOrEqual(weak[i - 1]!.score);
        },
      ),
    );
  });
});
