import { describe, expect, it } from "vitest";
import { fullJitter } from "@/lib/backoff";
import { DEFAULT_TIMINGS } from "./queue";
import { MemoryStore } from "./store";
import { FakeEnv, settle } from "@/tests/support/features/live/fake-env";
import { recitationDraft } from "@/tests/support/features/live/fake-school";
import { okMarks, okRec, queueHarness, SESSION, TENANT } from "@/tests/support/features/live/queue-harness";

const setup = queueHarness;

const draft = recitationDraft;

describe("LiveQueue batching", () => {
  it("sends 30 taps within the debounce window as ONE batch, the last tap per student winning", async () => {
    const t = setup();
    await t.queue.ready;
    // A sweep down the register: 30 taps 2 ms apart, within the debounce and maxWait.
    for (let i = 0; i < 30; i++) {
      t.queue.mark(`stu_${i}`, "present");
      await t.env.advance(2);
    }
    t.queue.mark("stu_3", "absent");
    t.queue.mark("stu_4", { status: "late", late_minutes: 7, note: "  bus  " });
    expect(t.queue.getSnapshot().waiting).toBe(30);
    expect(t.marks).toHaveLength(0);
    await t.env.advance(DEFAULT_TIMINGS.debounceMs);
    expect(t.marks).toHaveLength(1);
    const batch = t.marks[0]!;
    expect(batch.marks).toHaveLength(30);
    expect(batch.marks.find((m) => m.student_id === "stu_3")?.status).toBe("absent");
    expect(batch.marks.find((m) => m.student_id === "stu_4")).toMatchObject({
      status: "late",
      late_minutes: 7,
      note: "bus",
    });
    expect(new Set(batch.marks.map((m) => m.clientVersion)).size).toBe(30);
    expect(t.queue.getSnapshot()).toMatchObject({ waiting: 0, failed: 0, sending: false });
    expect(t.queue.getSnapshot().savedRows.get("stu_3")?.status).toBe("absent");
  });

  it("sends a burst of continuous taps at the latest maxWait after its first tap", async () => {
    const t = setup();
    await t.queue.ready;
    const { debounceMs, maxWaitMs } = DEFAULT_TIMINGS;
    const gap = debounceMs - 5;
    for (let i = 0; i < 20; i++) {
      t.queue.mark(`stu_${i}`, "present");
      await t.env.advance(gap);
    }
    // Taps closer than the debounce: it alone would never fire; maxWait sends the first ones.
    expect(t.marks.length).toBeGreaterThanOrEqual(1);
    expect(t.marks[0]!.marks.length).toBeLessThanOrEqual(Math.ceil(maxWaitMs / gap) + 1);
    await t.env.advance(maxWaitMs);
    expect(t.marks.flatMap((b) => b.marks)).toHaveLength(20);
    expect(t.marks.length).toBeLessThanOrEqual(Math.ceil((20 * gap) / maxWaitMs) + 1);
  });

  it("keeps a mark changed while its batch was out pending, and sends the newer version next", async () => {
    const t = setup();
    await t.queue.ready;
    let release!: () => void;
    t.replies.marks = (input) => new Promise((resolve) => (release = () => resolve(okMarks(input))));
    t.queue.mark("stu_1", "present");
    await t.env.advance(400);
    expect(t.queue.getSnapshot().marks.get("stu_1")?.sending).toBe(true);
    t.queue.mark("stu_1", "absent");
    expect(t.queue.getSnapshot().marks.get("stu_1")).toMatchObject({ sending: false, state: "pending" });
    t.replies.marks = okMarks;
    release();
    await settle();
    expect(t.queue.getSnapshot().marks.get("stu_1")?.value.status).toBe("absent");
    await t.env.advance(400);
    expect(t.marks).toHaveLength(2);
    expect(t.marks[1]!.marks).toEqual([expect.objectContaining({ student_id: "stu_1", status: "absent" })]);
    expect(t.marks[1]!.marks[0]!.clientVersion).toBeGreaterThan(t.marks[0]!.marks[0]!.clientVersion);
    expect(t.queue.getSnapshot().waiting).toBe(0);
  });

  it("never has two batches of one session in flight", async () => {
    const t = setup();
    await t.queue.ready;
    let inFlight = 0;
    let most = 0;
    t.replies.marks = async (input) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return okMarks(input);
    };
    for (let i = 0; i < 20; i++) {
      t.queue.mark(`stu_${i % 5}`, i % 2 ? "absent" : "present");
      void t.queue.flush({ force: true });
    }
    await t.env.advance(5_000);
    expect(most).toBe(1);
    expect(t.queue.getSnapshot().waiting).toBe(0);
  });

  it("splits more than 200 pending marks into batches of 200", async () => {
    const t = setup();
    await t.queue.ready;
    t.queue.markMany(Array.from({ length: 250 }, (_, i) => [`stu_${i}`, "present"] as const));
    await t.env.advance(400);
    expect(t.marks.map((b) => b.marks.length)).toEqual([200, 50]);
  });
});

describe("LiveQueue failures", () => {
  it("keeps marks pending on a retryable failure and retries after a full-jitter backoff", async () => {
    const t = setup({ env: new FakeEnv(1_000_000, () => 0.5) });
    await t.queue.ready;
    t.replies.marks = async () => ({
      ok: false,
      code: "network_error",
      retryable: true,
      blocked: false,
      message: "unavailable",
    });
    t.queue.mark("stu_1", "present");
    await t.env.advance(DEFAULT_TIMINGS.debounceMs);
    expect(t.marks).toHaveLength(1);
    const snap = t.queue.getSnapshot();
    expect(snap.marks.get("stu_1")?.state).toBe("pending");
    expect(snap.nextRetryAt).toBe(t.env.now() + 500); // attempt 1: 0.5 × min(30 s, 1 s)
    await t.env.advance(499);
    expect(t.marks).toHaveLength(1);
    await t.env.advance(1);
    expect(t.marks).toHaveLength(2);
    expect(t.queue.getSnapshot().nextRetryAt).toBe(t.env.now() + 1_000); // attempt 2: 0.5 × 2 s
    t.replies.marks = okMarks;
    await t.env.advance(1_000);
    expect(t.queue.getSnapshot()).toMatchObject({ waiting: 0, nextRetryAt: null });
  });

  it("treats a thrown call and a call that never answers as retryable", async () => {
    const t = setup();
    await t.queue.ready;
    t.replies.marks = async () => {
      throw new TypeError("Failed to fetch");
    };
    t.queue.mark("stu_1", "present");
    await t.env.advance(400);
    expect(t.queue.getSnapshot().marks.get("stu_1")?.state).toBe("pending");
    t.replies.marks = () => new Promise(() => undefined);
    void t.queue.flush({ force: true });
    await t.env.advance(DEFAULT_TIMINGS.sendTimeoutMs);
    expect(t.queue.getSnapshot()).toMatchObject({ sending: false, waiting: 1 });
    expect(t.queue.getSnapshot().nextRetryAt).not.toBeNull();
  });

  it("marks a batch failed with the reason on a permanent refusal, and keeps it until retried or discarded", async () => {
    const t = setup();
    await t.queue.ready;
    t.replies.marks = async () => ({
      ok: false,
      code: "forbidden",
      retryable: false,
      blocked: false,
      message: "You are not allowed to do this.",
    });
    t.queue.markMany([
      ["stu_1", "present"],
      ["stu_2", "absent"],
    ]);
    await t.env.advance(400);
    const snap = t.queue.getSnapshot();
    expect(snap).toMatchObject({ waiting: 0, failed: 2 });
    expect(snap.marks.get("stu_1")).toMatchObject({ state: "failed", reason: "You are not allowed to do this." });
    await t.env.advance(60_000);
    expect(t.marks).toHaveLength(1); // failed items are not retried on their own
    t.replies.marks = okMarks;
    t.queue.retryFailed({ studentId: "stu_1" });
    await settle();
    expect(t.marks).toHaveLength(2);
    expect(t.marks[1]!.marks.map((m) => m.student_id)).toEqual(["stu_1"]);
    expect(t.queue.discardMark("stu_2")).toBe(true);
    expect(t.queue.getSnapshot()).toMatchObject({ waiting: 0, failed: 0 });
    await settle();
    expect((await t.store.load(TENANT, SESSION))?.marks).toEqual([]);
  });

  it("turns read-only (writeBlocked) on a refusal no write escapes, keeping the recitation as failed, until a write succeeds", async () => {
    const t = setup();
    await t.queue.ready;
    t.replies.rec = async () => ({
      ok: false,
      code: "write_access_disabled",
      retryable: false,
      blocked: true,
      message: "Write access is not effective for this school.",
    });
    const clientId = t.queue.recordRecitation(draft("stu_1"));
    await t.env.advance(400);
    let snap = t.queue.getSnapshot();
    expect(snap.writeBlocked).toBe("Write access is not effective for this school.");
    expect(snap.recitations[0]).toMatchObject({
      clientId,
      state: "failed",
      reason: "Write access is not effective for this school.",
    });
    t.queue.mark("stu_2", "present");
    await t.env.advance(400);
    snap = t.queue.getSnapshot();
    expect(snap.writeBlocked).toBeNull();
    expect(snap.recitations).toHaveLength(1);
  });

  it("fails only the rows a 422 names and sends the others again", async () => {
    const t = setup();
    await t.queue.ready;
    t.replies.marks = async (input) => {
      const bad = input.marks.findIndex((m) => m.student_id === "stu_gone");
      if (bad >= 0)
        return {
          ok: false,
          code: "validation_failed",
          retryable: false,
          blocked: false,
          message: "Some fields need attention.",
          fieldErrors: { stu_gone: "student is not eligible" },
        };
      return okMarks(input);
    };
    t.queue.markMany([
      ["stu_1", "present"],
      ["stu_gone", "present"],
      ["stu_2", "late"],
    ]);
    await t.env.advance(400);
    expect(t.marks).toHaveLength(2);
    expect(t.marks[1]!.marks.map((m) => m.student_id)).toEqual(["stu_1", "stu_2"]);
    const snap = t.queue.getSnapshot();
    expect(snap.marks.get("stu_gone")).toMatchObject({
      state: "failed",
      fieldErrors: { student_id: "student is not eligible" },
    });
    expect(snap).toMatchObject({ waiting: 0, failed: 1 });
    // Tapping a failed student again is the fix: it becomes pending.
    t.queue.mark("stu_gone", "absent");
    expect(t.queue.getSnapshot().marks.get("stu_gone")?.state).toBe("pending");
  });
});

describe("LiveQueue triggers", () => {
  it("does not send while offline; the online event sends at once, skipping the backoff", async () => {
    const t = setup();
    await t.queue.ready;
    await t.env.fire("offline");
    t.queue.mark("stu_1", "present");
    await t.env.advance(20_000);
    expect(t.marks).toHaveLength(0);
    expect(t.queue.getSnapshot()).toMatchObject({ online: false, waiting: 1 });
    await t.env.fire("online");
    expect(t.marks).toHaveLength(1);
    expect(t.queue.getSnapshot()).toMatchObject({ online: true, waiting: 0 });
  });

  it("sends when the page becomes visible again, without waiting for the backoff", async () => {
    const t = setup({ env: new FakeEnv(1_000_000, () => 1) });
    await t.queue.ready;
    t.replies.marks = async () => ({
      ok: false,
      code: "network_error",
      retryable: true,
      blocked: false,
      message: "down",
    });
    t.queue.mark("stu_1", "present");
    await t.env.advance(400);
    await t.env.advance(100); // a few failures make the backoff long
    t.replies.marks = okMarks;
    expect(t.queue.getSnapshot().nextRetryAt).not.toBeNull();
    const before = t.marks.length;
    await t.env.fire("visible");
    expect(t.marks.length).toBe(before + 1);
    expect(t.queue.getSnapshot().waiting).toBe(0);
  });

  it("tries again on the 15 s timer", async () => {
    const t = setup({
      timings: { backoffBaseMs: 60_000, backoffCapMs: 60_000 },
      env: new FakeEnv(1_000_000, () => 0.9),
    });
    await t.queue.ready;
    await t.env.fire("offline");
    t.queue.mark("stu_1", "present");
    await t.env.advance(1_000);
    t.env.online = true; // back online without an event (some browsers miss it)
    expect(t.marks).toHaveLength(0);
    await t.env.advance(DEFAULT_TIMINGS.tickMs);
    expect(t.marks).toHaveLength(1);
  });

  it("stops everything on dispose", async () => {
    const t = setup();
    await t.queue.ready;
    t.queue.mark("stu_1", "present");
    t.queue.dispose();
    await t.env.advance(60_000);
    expect(t.marks).toHaveLength(0);
    expect(t.env.pendingTimers()).toBe(0);
  });
});

describe("LiveQueue persistence", () => {
  it("keeps pending marks and recitations across a reload and sends them on start", async () => {
    const t = setup();
    await t.queue.ready;
    await t.env.fire("offline");
    t.queue.mark("stu_1", "excused");
    const clientId = t.queue.recordRecitation(draft("stu_1"));
    await settle();
    t.queue.dispose();

    await t.env.fire("online");
    const again = t.make();
    await again.ready;
    await settle();
    expect(t.marks).toHaveLength(1);
    expect(t.marks[0]!.marks).toEqual([expect.objectContaining({ student_id: "stu_1", status: "excused" })]);
    expect(t.recs).toHaveLength(1);
    expect(t.recs[0]).toMatchObject({ clientId, maybeSent: false });
    expect(again.getSnapshot()).toMatchObject({ waiting: 0, ready: true });
  });

  it("keeps the rows it saved across a reload, so an offline reload shows them before any poll has", async () => {
    const t = setup();
    await t.queue.ready;
    t.queue.mark("stu_1", "absent");
    await t.env.advance(200);
    await settle();
    expect(t.queue.getSnapshot().savedRows.get("stu_1")).toMatchObject({ status: "absent" });
    t.queue.dispose();

    await t.env.fire("offline");
    const again = t.make();
    await again.ready;
    expect(again.getSnapshot().savedRows.get("stu_1")).toMatchObject({ status: "absent" });
    expect(again.getSnapshot().waiting).toBe(0);
  });

  it("keeps versions increasing across reloads, and taps made before the load win over stored ones", async () => {
    const env = new FakeEnv(5);
    const t = setup({ env });
    await t.queue.ready;
    await env.fire("offline");
    t.queue.mark("stu_1", "present");
    t.queue.mark("stu_2", "present");
    await settle();
    t.queue.dispose();
    const stored = await t.store.load(TENANT, SESSION);
    const again = t.make();
    again.mark("stu_1", "absent"); // before the load finished
    await again.ready;
    await env.fire("online");
    const sent = t.marks.at(-1)!.marks;
    expect(sent.find((m) => m.student_id === "stu_1")?.status).toBe("absent");
    expect(Math.min(...sent.map((m) => m.clientVersion))).toBeGreaterThan(0);
    expect(sent.find((m) => m.student_id === "stu_1")!.clientVersion).toBeGreaterThan(stored!.counter);
    expect(new Set(t.marks.map((b) => b.deviceId)).size).toBe(1);
  });

  it("reports storage failures instead of hiding them", async () => {
    const store = new MemoryStore();
    const t = setup({ store });
    await t.queue.ready;
    store.failing = true;
    await t.env.fire("offline");
    t.queue.mark("stu_1", "present");
    await settle();
    expect(t.queue.getSnapshot().storage).toBe("failed");
    store.failing = false;
    t.queue.mark("stu_2", "present");
    await settle();
    expect(t.queue.getSnapshot().storage).toBe("memory");
  });
});

describe("LiveQueue recitations", () => {
  it("sends each recitation with the clientId made when recorded, flagged maybeSent on retries", async () => {
    const t = setup();
    await t.queue.ready;
    let fail = 2;
    t.replies.rec = async (input) =>
      fail-- > 0
        ? { ok: false, code: "network_error", retryable: true, blocked: false, message: "down" }
        : okRec(input);
    const clientId = t.queue.recordRecitation(draft("stu_1"));
    expect(t.queue.getSnapshot().recitations[0]).toMatchObject({ clientId, state: "pending" });
    await t.env.advance(400);
    await t.env.advance(10_000);
    expect(t.recs.map((r) => [r.clientId, r.maybeSent])).toEqual([
      [clientId, false],
      [clientId, true],
      [clientId, true],
    ]);
    expect(t.recs.every((r) => r.recorded_at === t.recs[0]!.recorded_at)).toBe(true);
    const snap = t.queue.getSnapshot();
    expect(snap.recitations).toHaveLength(0);
    expect(snap.savedRecitations).toEqual([expect.objectContaining({ clientId, id: `rec_${clientId}` })]);
    t.queue.forgetSaved([`rec_${clientId}`]);
    expect(t.queue.getSnapshot().savedRecitations).toHaveLength(0);
  });

  it("keeps a refused recitation as failed; fixing it gives it a new clientId", async () => {
    const t = setup();
    await t.queue.ready;
    t.replies.rec = async () => ({
      ok: false,
      code: "validation_failed",
      retryable: false,
      blocked: false,
      message: "Some fields need attention.",
      fieldErrors: { rating: "not on the scale" },
    });
    const clientId = t.queue.recordRecitation({ ...draft("stu_1"), rating: 99 });
    await t.env.advance(400);
    expect(t.queue.getSnapshot().recitations[0]).toMatchObject({
      clientId,
      state: "failed",
      fieldErrors: { rating: "not on the scale" },
    });
    t.replies.rec = okRec;
    const fixed = t.queue.updateRecitation(clientId, draft("stu_1"));
    expect(fixed).not.toBe(clientId);
    await settle();
    expect(t.recs.at(-1)).toMatchObject({ clientId: fixed, rating: 4 });
    expect(t.queue.getSnapshot()).toMatchObject({ waiting: 0, failed: 0 });
  });

  it("counts N changes waiting across marks and recitations", async () => {
    const t = setup();
    await t.queue.ready;
    await t.env.fire("offline");
    t.queue.markMany([
      ["stu_1", "present"],
      ["stu_2", "present"],
    ]);
    t.queue.mark("stu_1", "absent");
    t.queue.recordRecitation(draft("stu_2"));
    expect(t.queue.getSnapshot()).toMatchObject({ waiting: 3, failed: 0 });
    expect(t.queue.getSnapshot().oldestWaitingAt).toBe(t.env.now());
  });
});

describe("fullJitter", () => {
  it("is uniform below min(cap, base · 2^(attempt-1))", () => {
    expect(fullJitter(1, 1_000, 30_000, () => 0.999)).toBe(999);
    expect(fullJitter(3, 1_000, 30_000, () => 0.5)).toBe(2_000);
    expect(fullJitter(10, 1_000, 30_000, () => 0.5)).toBe(15_000);
    expect(fullJitter(100, 1_000, 30_000, () => 1)).toBe(30_000);
    expect(fullJitter(1, 1_000, 30_000, () => 0)).toBe(0);
  });
});
