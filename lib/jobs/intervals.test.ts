import { describe, expect, it } from "vitest";
import { progressIntervalMinutes } from "./intervals";

describe("progressIntervalMinutes", () => {
  it("follows the plan sync's interval unless the progress sync has its own", () => {
    expect(progressIntervalMinutes({})).toBe(15);
    expect(progressIntervalMinutes({ PLAN_SYNC_INTERVAL_MINUTES: "5" })).toBe(5);
    expect(progressIntervalMinutes({ PLAN_SYNC_INTERVAL_MINUTES: "5", PROGRESS_SYNC_INTERVAL_MINUTES: "30" })).toBe(30);
    expect(progressIntervalMinutes({ PLAN_SYNC_INTERVAL_MINUTES: "0" })).toBe(0);
  });

  it("refuses a value that is not a number of minutes, naming it", () => {
    expect(() => progressIntervalMinutes({ PROGRESS_SYNC_INTERVAL_MINUTES: "soon" })).toThrow(/soon/);
    expect(() => progressIntervalMinutes({ PROGRESS_SYNC_INTERVAL_MINUTES: "soon" })).toThrow(
      /PROGRESS_SYNC_INTERVAL_MINUTES/,
    );
  });
});
