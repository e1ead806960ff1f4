import { describe, expect, it } from "vitest";
import { MemoryStore } from "./store";
import { FakeEnv, settle } from "@/tests/support/features/live/fake-env";
import { recitationDraft } from "@/tests/support/features/live/fake-school";
import { queueHarness } from "@/tests/support/features/live/queue-harness";
import type { SaveMarksInput } from "../types";

/** The undo window: work held in the queue before it is sent, so that taking it back leaves no trace on the server. */
const HOLD = 10_000;
const setup = (store?: MemoryStore, env?: FakeEnv) => queueHarness({ store, env });

const sentStudents = (batches: SaveMarksInput[]) => batches.flatMap((b) => b.marks.map((m) => m.student_id)).sort();

describe("LiveQueue undo window: marks", () => {
  it("holds 'the rest present' for the window, then sends it as one batch", async () => {
    const t = setup();
    await t.queue.ready;
    t.queue.markMany(
      [
        ["a", "present"],
        ["b", "present"],
        ["c", "present"],
      ],
      { holdMs: HOLD },
    );
    expect(t.queue.getSnapshot().held).toEqual({ marks: ["a", "b", "c"], recitations: [], until: t.env.now() + HOLD });
    expect(t.queue.getSnapshot().waiting).toBe(3);
    await t.env.advance(HOLD - 1);
    expect(t.marks).toHaveLength(0);
    await t.env.advance(1);
    expect(t.marks).toHaveLength(1);
    expect(sentStudents(t.marks)).toEqual(["a", "b", "c"]);
    expect(t.queue.getSnapshot()).toMatchObject({ waiting: 0, held: { marks: [], until: null } });
  });

  it("undo inside the window takes every held mark back: nothing reaches the server, the rows are unmarked again", async () => {
    const t = setup();
    await t.queue.ready;
    t.queue.markMany(
      [
        ["a", "present"],
        ["b", "present"],
      ],
      { holdMs: HOLD },
    );
    await t.env.advance(4_000);
    expect(t.queue.undoHeld({ studentIds: ["a", "b"] })).toEqual({ undone: ["a", "b"], kept: [] });
    await t.env.advance(60_000);
    expect(t.marks).toHaveLength(0);
    expect(t.queue.getSnapshot().marks.size).toBe(0);
    expect(t.queue.getSnapshot().held.until).toBeNull();
  });

  it("a tap during the window is the teacher's own mark: sent at once, and not taken back by the undo", async () => {
    const t = setup();
    await t.queue.ready;
    t.queue.markMany(
      [
        ["a", "present"],
        ["b", "present"],
      ],
      { holdMs: HOLD },
    );
    t.queue.mark("b", "absent");
    await t.env.advance(200);
    expect(t.marks).toHaveLength(1);
    expect(t.marks[0]!.marks).toEqual([expect.objectContaining({ student_id: "b", status: "absent" })]);
    // The register asks to undo only the rows still showing the held mark (b now reads Absent, the teacher's).
    expect(t.queue.getSnapshot().held.marks).toEqual(["a"]);
    expect(t.queue.undoHeld({ studentIds: t.queue.getSnapshot().held.marks })).toEqual({ undone: ["a"], kept: [] });
    await t.env.advance(HOLD);
    expect(sentStudents(t.marks)).toEqual(["b"]);
  });

  it("after the window, undo keeps what was sent and says so (the API cannot delete an attendance row)", async () => {
    const t = setup();
    await t.queue.ready;
    t.queue.markMany([["a", "present"]], { holdMs: HOLD });
    await t.env.advance(HOLD + 100);
    expect(sentStudents(t.marks)).toEqual(["a"]);
    expect(t.queue.undoHeld({ studentIds: ["a"] })).toEqual({ undone: [], kept: ["a"] });
  });

  it("a batch already on its way is never taken back", async () => {
    const t = setup();
    await t.queue.ready;
    let release!: () => void;
    const ok = t.replies.marks;
    t.replies.marks = (input) => new Promise((resolve) => (release = () => resolve(ok(input))));
    t.queue.markMany([["a", "present"]], { holdMs: HOLD });
    await t.env.advance(HOLD);
    expect(t.queue.getSnapshot().marks.get("a")?.sending).toBe(true);
    expect(t.queue.undoHeld({ studentIds: ["a"] })).toEqual({ undone: [], kept: ["a"] });
    release();
    await settle();
    expect(t.queue.getSnapshot().savedRows.get("a")?.status).toBe("present");
  });

  it("leaving the page ends the window: held work is sent at once", async () => {
    const t = setup();
    await t.queue.ready;
    t.queue.markMany([["a", "present"]], { holdMs: HOLD });
    t.queue.recordRecitation(recitationDraft("a"), { holdMs: HOLD });
    await t.env.fire("hidden");
    await t.env.advance(10);
    expect(sentStudents(t.marks)).toEqual(["a"]);
    expect(t.recs).toHaveLength(1);
  });

  it("held marks are stored: a reload keeps them held until the window ends, offline they wait and are never lost", async () => {
    const store = new MemoryStore();
    const env = new FakeEnv();
    const first = setup(store, env);
    await first.queue.ready;
    first.queue.markMany(
      [
        ["a", "present"],
        ["b", "present"],
      ],
      { holdMs: HOLD },
    );
    await settle();
    first.queue.dispose();
    env.online = false;
    const second = setup(store, env);
    await second.queue.ready;
    expect(second.queue.getSnapshot().held.marks).toEqual(["a", "b"]);
    await env.advance(HOLD + 1_000);
    expect(second.marks).toHaveLength(0);
    expect(second.queue.getSnapshot()).toMatchObject({ waiting: 2, held: { marks: [] } });
    await env.fire("online");
    await env.advance(10);
    expect(sentStudents(second.marks)).toEqual(["a", "b"]);
  });
});

describe("LiveQueue undo window: recitations", () => {
  it("holds a recorded recitation for the window, then sends it with the clientId made when recorded", async () => {
    const t = setup();
    await t.queue.ready;
    const clientId = t.queue.recordRecitation(recitationDraft("a"), { holdMs: HOLD });
    expect(t.queue.getSnapshot().held.recitations).toEqual([clientId]);
    await t.env.advance(HOLD - 1);
    expect(t.recs).toHaveLength(0);
    await t.env.advance(1);
    expect(t.recs.map((r) => r.clientId)).toEqual([clientId]);
    expect(t.queue.getSnapshot().recitations).toHaveLength(0);
  });

  it("undo inside the window drops it before it is ever sent; once sent it is final", async () => {
    const t = setup();
    await t.queue.ready;
    const mistaken = t.queue.recordRecitation(recitationDraft("a"), { holdMs: HOLD });
    await t.env.advance(9_000);
    expect(t.queue.undoHeld({ clientIds: [mistaken] })).toEqual({ undone: [mistaken], kept: [] });
    const kept = t.queue.recordRecitation(recitationDraft("b"), { holdMs: HOLD });
    await t.env.advance(HOLD + 100);
    expect(t.recs.map((r) => r.clientId)).toEqual([kept]);
    expect(t.queue.undoHeld({ clientIds: [kept] })).toEqual({ undone: [], kept: [kept] });
  });

  it("a recitation held by one window does not hold back marks or other work", async () => {
    const t = setup();
    await t.queue.ready;
    t.queue.recordRecitation(recitationDraft("a"), { holdMs: HOLD });
    t.queue.mark("a", "present");
    await t.env.advance(200);
    expect(sentStudents(t.marks)).toEqual(["a"]);
    expect(t.recs).toHaveLength(0);
    expect(t.queue.getSnapshot().waiting).toBe(1);
  });
});
