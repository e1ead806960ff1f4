import { describe, expect, it } from "vitest";
import { ratingTrend } from "./student-facts";

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
