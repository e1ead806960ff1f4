import { describe, expect, it } from "vitest";
import { firstTick, JOBS } from "./jobs";

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

  it("moves every job's first tick by JOBS_START_DELAY_SECONDS, keeping their order and spacing", () => {
    expect(JOBS.map((job) => firstTick(job, {}))).toEqual([
      { initialDelayMs: 30_000, settleMs: 15_000 },
      { initialDelayMs: 35_000, settleMs: 15_000 },
      { initialDelayMs: 40_000, settleMs: 15_000 },
    ]);
    expect(JOBS.map((job) => firstTick(job, { JOBS_START_DELAY_SECONDS: "2" }))).toEqual([
      { initialDelayMs: 2_000, settleMs: 2_000 },
      { initialDelayMs: 7_000, settleMs: 2_000 },
      { initialDelayMs: 12_000, settleMs: 2_000 },
    ]);
    expect(() => firstTick(JOBS[0]!, { JOBS_START_DELAY_SECONDS: "soon" })).toThrow(/JOBS_START_DELAY_SECONDS/);
  });
});
