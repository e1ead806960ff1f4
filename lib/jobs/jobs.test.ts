import { describe, expect, it } from "vitest";
import { JOBS } from "./jobs";

describe("the list of jobs", () => {
  it("starts the plan sync, the progress sync and the notices, each on its own variable and first tick", () => {
    const env = { PLAN_SYNC_INTERVAL_MINUTES: "5", NOTICES_INTERVAL_SECONDS: "120" };
    expect(
      JOBS.map((job) => [job.name, job.intervalMinutes(env), job.initialDelayMs, job.waitsForStart, job.lease]),
    ).toEqual([
      ["plan_sync", 5, 30_000, true, "plan_sync_state"],
      ["progress_sync", 5, 35_000, false, "progress_sync_state"],
      ["notices", 2, 40_000, true, "notice_job_state"],
    ]);
    expect(JOBS.map((job) => job.intervalMinutes({}))).toEqual([15, 15, 1]);
    expect(JOBS[1]!.intervalMinutes({ PLAN_SYNC_INTERVAL_MINUTES: "5", PROGRESS_SYNC_INTERVAL_MINUTES: "0" })).toBe(0);
  });
});
