import { describe, expect, it } from "vitest";
import type { SyncResult } from "@/lib/features/plans/sync/sync-plans";
import { intervalMinutesFromEnv } from "./intervals";
import { startScheduler, type SchedulerTimer } from "./scheduler";

/** A timer whose callbacks run when the test says so. */
function manualTimer() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  const timer: SchedulerTimer = {
    set(callback, ms) {
      const handle = next++;
      pending.set(handle, { callback, ms });
      return handle;
    },
    clear(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timer,
    delays: () => [...pending.values()].map((entry) => entry.ms),
    /** Fires every pending callback once and lets the tick it starts finish. */
    async fire() {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, entry] of due) entry.callback();
      for (let i = 0; i < 10; i++) await Promise.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const completed = (connectionId: string): SyncResult => ({
  status: "completed",
  connectionId,
  mode: "incremental",
  resumed: false,
  restarted: false,
  watermark: null,
  cycle: { plans: 0, assignments: 0, requests: 2, pages: 1 },
  plans: 0,
  assignments: 0,
  requests: 2,
  pages: 1,
  durationMs: 1,
});

describe("startScheduler", () => {
  it("reads PLAN_SYNC_INTERVAL_MINUTES (default 15; 0 = off) and refuses nonsense", () => {
    expect(intervalMinutesFromEnv({})).toBe(15);
    expect(intervalMinutesFromEnv({ PLAN_SYNC_INTERVAL_MINUTES: "5" })).toBe(5);
    expect(intervalMinutesFromEnv({ PLAN_SYNC_INTERVAL_MINUTES: "0" })).toBe(0);
    expect(() => intervalMinutesFromEnv({ PLAN_SYNC_INTERVAL_MINUTES: "soon" })).toThrow(/PLAN_SYNC_INTERVAL_MINUTES/);
    const manual = manualTimer();
    const off = startScheduler<SyncResult>({
      intervalMinutes: intervalMinutesFromEnv({ PLAN_SYNC_INTERVAL_MINUTES: "0" }),
      timer: manual.timer,
      run: async (id) => completed(id),
      connectionIds: () => ["a"],
    });
    expect(off.enabled).toBe(false);
    expect(manual.delays()).toEqual([]);
  });

  it("runs each connection in turn every interval; backs off a denied one; resumes a failed one next tick", async () => {
    const manual = manualTimer();
    const runs: string[] = [];
    let clock = 0;
    const scheduler = startScheduler<SyncResult>({
      intervalMinutes: 15,
      initialDelayMs: 1_000,
      timer: manual.timer,
      now: () => clock,
      log: () => undefined,
      connectionIds: () => ["alnoor", "arqam", "flaky"],
      run: async (id) => {
        runs.push(id);
        if (id === "arqam") {
          return {
            status: "denied",
            connectionId: id,
            error: null,
            problem: { code: "feature_unavailable", kind: "denied", message: "off", at: "" },
            plans: 0,
            assignments: 0,
            requests: 2,
            pages: 0,
            durationMs: 1,
          };
        }
        if (id === "flaky") throw new Error("network down");
        return completed(id);
      },
    });
    expect(scheduler.enabled).toBe(true);
    expect(manual.delays()).toEqual([1_000]);

    await manual.fire();
    expect(runs).toEqual(["alnoor", "arqam", "flaky"]);
    expect(manual.delays()).toEqual([15 * 60_000]);

    clock += 15 * 60_000;
    await manual.fire();
    // arqam was denied: not asked again before the back-off; flaky is tried again (its cycle resumes).
    expect(runs.slice(3)).toEqual(["alnoor", "flaky"]);

    clock += 6 * 60 * 60_000;
    await manual.fire();
    expect(runs.slice(5)).toEqual(["alnoor", "arqam", "flaky"]);

    scheduler.stop();
    expect(manual.delays()).toEqual([]);
  });

  it("never overlaps ticks", async () => {
    let release: () => void = () => undefined;
    let active = 0;
    let maxActive = 0;
    const scheduler = startScheduler<SyncResult>({
      intervalMinutes: 1,
      timer: manualTimer().timer,
      log: () => undefined,
      connectionIds: () => ["a"],
      run: async (id) => {
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise<void>((resolve) => (release = resolve));
        active--;
        return completed(id);
      },
    });
    const first = scheduler.tick();
    const second = scheduler.tick();
    expect(second).toBe(first);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await first;
    expect(maxActive).toBe(1);
    scheduler.stop();
  });

  it("the first tick waits for start-up work (stores open, demo seeded) after its delay, then 15 s more, and still runs when that work failed", async () => {
    for (const outcome of ["resolve", "reject"] as const) {
      const manual = manualTimer();
      const runs: string[] = [];
      let finish!: () => void;
      let fail!: (error: Error) => void;
      const ready = new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
      const scheduler = startScheduler<SyncResult>({
        intervalMinutes: 15,
        timer: manual.timer,
        ready,
        log: () => undefined,
        run: async (id) => (runs.push(id), completed(id)),
        connectionIds: () => ["a"],
      });
      expect(manual.delays()).toEqual([30_000]);
      await manual.fire();
      expect(runs, "no cycle before start-up is done").toEqual([]);
      if (outcome === "resolve") finish();
      else fail(new Error("the store could not open"));
      for (let i = 0; i < 10; i++) await Promise.resolve();
      await new Promise((resolve) => setImmediate(resolve));
      // Then it lets the pages that waited for start-up go first.
      expect(runs).toEqual([]);
      expect(manual.delays()).toEqual([15_000]);
      await manual.fire();
      expect(runs).toEqual(["a"]);
      expect(manual.delays()).toEqual([15 * 60_000]);
      scheduler.stop();
    }
  });
});
