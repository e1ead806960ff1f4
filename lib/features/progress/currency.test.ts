import { describe, expect, it } from "vitest";
import { bucketOf, emptyCurrency, revisionCurrency } from "./currency";
import { currencyOf } from "./quran-map";

const rec = (
  session: string,
  start: [number, number],
  end: [number, number],
  rating = 4,
  at = "2026-11-01T13:00:00.000Z",
) => ({
  student_id: "stu_1",
  session_id: session,
  range: { start: { surah: start[0], ayah: start[1] }, end: { surah: end[0], ayah: end[1] } },
  rating,
  recorded_at: at,
});

describe("revisionCurrency", () => {
  const dates = new Map([
    ["ses_old", "2026-09-01"],
    ["ses_new", "2026-11-20"],
  ]);

  it("dates each juz by the latest session that touched any of it, with its rating", () => {
    const cells = revisionCurrency(
      [
        rec("ses_old", [67, 1], [77, 50], 2),
        rec("ses_new", [2, 140], [2, 145], 5),
        rec("ses_new", [78, 1], [78, 40], 3),
      ],
      dates,
      "2026-11-24",
    ).get("stu_1")!;
    expect(cells).toHaveLength(30);
    expect(cells[0]).toMatchObject({ juz: 1, lastHeard: "2026-11-20", days: 4, bucket: "fresh", rating: 5 });
    expect(cells[1]).toMatchObject({ juz: 2, lastHeard: "2026-11-20", bucket: "fresh" });
    expect(cells[28]).toMatchObject({ juz: 29, lastHeard: "2026-09-01", days: 84, bucket: "older", rating: 2 });
    expect(cells[29]).toMatchObject({ juz: 30, lastHeard: "2026-11-20", rating: 3 });
    expect(cells[14]).toMatchObject({ juz: 15, lastHeard: null, days: null, bucket: "never" });
  });

  it("a newer session wins over an older one whatever the order, and unknown sessions are ignored", () => {
    const a = revisionCurrency(
      [rec("ses_new", [78, 1], [78, 5], 5), rec("ses_old", [78, 1], [78, 5], 1), rec("ses_gone", [1, 1], [1, 7])],
      dates,
      "2026-11-24",
    ).get("stu_1")!;
    expect(a[29]).toMatchObject({ lastHeard: "2026-11-20", rating: 5 });
    expect(a[0]?.bucket).toBe("never");
  });

  it("colours as the student's Quran map does: the last 7 days, then 30 days (one colour, one meaning)", () => {
    const days = [0, 7, 8, 30, 31, null];
    expect(days.map(bucketOf)).toEqual(["fresh", "fresh", "month", "month", "older", "never"]);
    const same = { week: "fresh", month: "month", older: "older", never: "never" };
    expect(days.map((d) => same[currencyOf(d)])).toEqual(days.map(bucketOf));
    expect(emptyCurrency().every((c) => c.bucket === "never")).toBe(true);
  });
});
