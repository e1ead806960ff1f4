import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ATTENDANCE_STATUSES } from "@/lib/contract";
import { attendanceFacts, ratingTrend, type AttendanceHistory } from "./student-facts";

type Status = (typeof ATTENDANCE_STATUSES)[number] | null;

/** Newest first, one session a day back from 2026-11-24. */
function history(statuses: Status[], open = false): AttendanceHistory {
  return statuses.map((status, at) => {
    const date = new Date(Date.UTC(2026, 10, 24 - at)).toISOString().slice(0, 10);
    return { session: { id: `s${at}`, date, starts_at: `${date}T07:00:00Z`, status: open && at === 0 ? "open" : "ended" }, row: status ? { status } : null };
  });
}

describe("attendance rate and current streak", () => {
  it("counts present and late as attended, absent as missed, and leaves excused and unmarked out", () => {
    const facts = attendanceFacts(history(["present", "late", "excused", null, "absent", "present"]));
    expect(facts).toMatchObject({ counted: 4, attended: 3, missed: 1, excused: 1, unmarked: 1, rate: 0.75, streak: { kind: "attended", sessions: 2 } });
  });

  it("gives the run of misses at the newest end, and ignores a session still open", () => {
    expect(attendanceFacts(history(["present", "absent", "absent", "excused", "absent", "present"], true)).streak).toEqual({ kind: "missed", sessions: 3 });
  });

  it("has no rate and no streak without a counted session", () => {
    expect(attendanceFacts(history(["excused", null]))).toMatchObject({ rate: null, streak: null, counted: 0 });
  });

  it("never counts a session twice and keeps the rate within 0 … 1, whatever the order given", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<Status>(...ATTENDANCE_STATUSES, null), { maxLength: 40 }), (statuses) => {
        const given = history(statuses);
        const facts = attendanceFacts(given);
        expect(facts.counted + facts.excused + facts.unmarked).toBe(statuses.length);
        expect(attendanceFacts(given.toReversed())).toEqual(facts);
        if (facts.rate !== null) expect(facts.rate).toBeGreaterThanOrEqual(0);
        if (facts.rate !== null) expect(facts.rate).toBeLessThanOrEqual(1);
        expect(facts.streak?.sessions ?? 0).toBeLessThanOrEqual(facts.counted);
      }),
    );
  });
});

describe("rating trend", () => {
  it("averages each school day's ratings, oldest first, keeping the last days", () => {
    const trend = ratingTrend(
      [
        { rating: 4, recorded_at: "2026-11-20T08:00:00Z" },
        { rating: 2, recorded_at: "2026-11-20T09:00:00Z" },
        { rating: 5, recorded_at: "2026-11-19T22:00:00Z" }, // already the 20th in Riyadh
        { rating: 1, recorded_at: "2026-11-18T08:00:00Z" },
      ],
      "Asia/Riyadh",
      1,
    );
    expect(trend).toEqual([{ day: "2026-11-20", mean: 11 / 3, count: 3 }]);
  });
});
