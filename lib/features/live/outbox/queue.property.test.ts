/**
 * Issue 4, "Proof": the live queue against a model. Random taps and recitations meet a network
 * that drops requests, loses responses (the server applied the write, the client saw an error),
 * delivers a request twice, holds one past the client's timeout and delivers it later (after newer
 * ones: reordering), goes offline, and a page that reloads (the queue object is dropped and rebuilt
 * from the store). The server is the real write path (write-path.ts + version-guard.ts) over a fake
 * school with the API's semantics. When the network heals and the queue drains, the server holds
 * the last tap per student, and every recitation exactly once.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LiveQueue, normalizeMark } from "./queue";
import { MemoryStore } from "./store";
import { FakeEnv, settle } from "@/tests/support/features/live/fake-env";
import { FakeSchool } from "@/tests/support/features/live/fake-school";
import type { ActionResult } from "@/lib/actions/result";
import type { LiveSenders, MarkStatus, MarkValue, RecitationDraft } from "../types";
import { MARK_STATUSES } from "../types";
import { VersionGuard } from "../server/version-guard";
import { writeMarks, writeRecitation } from "../server/write-path";

const TENANT = "sch_prop";
const SESSION = "ses_prop";
const STUDENTS = ["stu_a", "stu_b", "stu_c", "stu_d", "stu_e", "stu_f"];

type Fault = "ok" | "drop" | "lose" | "dup" | "hold";

type Command =
  | { type: "tap"; student: number; status: MarkStatus; late: number | null; note: string | null }
  | { type: "recite"; student: number; rating: number }
  | { type: "advance"; ms: number }
  | { type: "faults"; faults: Fault[] }
  | { type: "deliver"; index: number }
  | { type: "reload" }
  | { type: "offline" }
  | { type: "online" }
  | { type: "visible" };

/** The wire between the browser and the dashboard's server, with the faults of the next requests. */
class Network {
  faults: Fault[] = [];
  private next = 0;
  readonly held: (() => Promise<void>)[] = [];

  async carry<T>(apply: () => Promise<T>): Promise<ActionResult<T>> {
    const fault = this.faults.length ? this.faults[this.next++ % this.faults.length]! : "ok";
    switch (fault) {
      case "ok":
        return { ok: true, data: await apply() };
      case "drop": // never reached the server
        throw new TypeError("Failed to fetch");
      case "lose": // applied, but the answer was lost
        await apply();
        throw new TypeError("network connection was lost");
      case "dup": // delivered twice
        await apply();
        return { ok: true, data: await apply() };
      case "hold": // arrives whenever the test says so: after the client gave up, maybe after newer requests
        return new Promise((resolve, reject) => {
          this.held.push(async () => {
            try {
              resolve({ ok: true, data: await apply() });
            } catch (error) {
              reject(error);
            }
          });
        });
    }
  }

  async deliver(index: number): Promise<void> {
    if (this.held.length === 0) return;
    const [release] = this.held.splice(index % this.held.length, 1);
    await release!();
  }
}

function lcg(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const commandArb = (faults: readonly Fault[]): fc.Arbitrary<Command> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .record({
          student: fc.nat(STUDENTS.length - 1),
          status: fc.constantFrom(...MARK_STATUSES),
          late: fc.option(fc.integer({ min: 1, max: 45 })),
          note: fc.option(fc.constantFrom("bus", "sick", " ")),
        })
        .map((c) => ({ type: "tap" as const, ...c })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ student: fc.nat(STUDENTS.length - 1), rating: fc.integer({ min: 1, max: 5 }) })
        .map((c) => ({ type: "recite" as const, ...c })),
    },
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 20_000 }).map((ms) => ({ type: "advance" as const, ms })) },
    {
      weight: 3,
      arbitrary: fc
        .array(fc.constantFrom(...faults), { minLength: 1, maxLength: 5 })
        .map((f) => ({ type: "faults" as const, faults: f })),
    },
    { weight: 2, arbitrary: fc.nat(10).map((index) => ({ type: "deliver" as const, index })) },
    { weight: 1, arbitrary: fc.constant({ type: "reload" as const }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { type: "offline" as const },
        { type: "online" as const },
        { type: "visible" as const },
      ),
    },
  );

async function run(commands: Command[], options: { seed: number; honoursKeys: boolean; lateOrder: number[] }) {
  const env = new FakeEnv(1_700_000_000_000, lcg(options.seed));
  const store = new MemoryStore();
  const school = new FakeSchool(SESSION, options.honoursKeys);
  const guard = new VersionGuard();
  const network = new Network();
  const send: LiveSenders = {
    marks: (input) =>
      network.carry(() =>
        writeMarks(
          school.api,
          guard,
          { connectionId: "alnoor", sessionId: input.sessionId, userId: "usr_teacher", deviceId: input.deviceId },
          input.marks,
        ),
      ),
    recitation: (input) => {
      const { sessionId, clientId, maybeSent, ...body } = input;
      return network.carry(() =>
        writeRecitation(school.api, { sessionId, clientId, maybeSent: maybeSent ?? false, body }),
      );
    },
  };
  const open = async () => {
    const queue = new LiveQueue({
      tenantId: TENANT,
      sessionId: SESSION,
      store,
      send,
      env,
      timings: { sendTimeoutMs: 5_000 },
    }).start();
    await queue.ready;
    await settle();
    return queue;
  };

  let queue = await open();
  const model = new Map<string, MarkValue>();
  const recorded = new Map<string, RecitationDraft & { recorded_at?: string }>();
  let recitals = 0;

  for (const command of commands) {
    switch (command.type) {
      case "tap": {
        const id = STUDENTS[command.student]!;
        const value: MarkValue = { status: command.status, late_minutes: command.late, note: command.note };
        queue.mark(id, value);
        model.set(id, normalizeMark(value));
        break;
      }
      case "recite": {
        // Each recitation has its own range: the fallback recognises one by its content.
        const draft: RecitationDraft = {
          student_id: STUDENTS[command.student]!,
          kind: "recent_revision",
          start: { surah: 2, ayah: 1 },
          end: { surah: 2, ayah: 2 + recitals++ },
          rating: command.rating,
          mistakes: null,
          note: null,
        };
        recorded.set(queue.recordRecitation(draft), draft);
        break;
      }
      case "advance":
        await env.advance(command.ms);
        break;
      case "faults":
        network.faults = command.faults;
        break;
      case "deliver":
        await network.deliver(command.index);
        await settle();
        break;
      case "reload":
        await settle(); // what was written to storage before the page went away
        queue.dispose();
        queue = await open();
        break;
      case "offline":
      case "online":
      case "visible":
        await env.fire(command.type);
        break;
    }
  }

  // The network heals. Some requests still held arrive now, the rest only after the queue drained.
  network.faults = [];
  const early = Math.ceil(network.held.length / 2);
  for (let i = 0; i < early; i++) await network.deliver(options.lateOrder[i] ?? 0);
  await env.fire("online");
  for (let round = 0; round < 40; round++) {
    const snap = queue.getSnapshot();
    if (snap.waiting === 0 && !snap.sending) break;
    await env.advance(15_000);
  }
  while (network.held.length) await network.deliver(options.lateOrder[network.held.length] ?? 0);
  await settle();

  const snap = queue.getSnapshot();
  expect(school.violations).toEqual([]);
  expect(snap).toMatchObject({ waiting: 0, failed: 0, sending: false });
  expect(snap.marks.size).toBe(0);
  // Attendance: exactly the model's students, each with its last tap.
  expect(new Set(school.attendance.keys())).toEqual(new Set(model.keys()));
  for (const [id, value] of model) {
    const stored = school.attendance.get(id)!;
    expect({ student: id, status: stored.status, late_minutes: stored.late_minutes, note: stored.note }).toEqual({
      student: id,
      ...value,
    });
  }
  // Recitations: each one recorded exists once, as recorded.
  expect(school.recitations).toHaveLength(recorded.size);
  for (const draft of recorded.values()) {
    const matches = school.recitations.filter(
      (r) => r.student_id === draft.student_id && r.range.end.ayah === draft.end.ayah,
    );
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({
      kind: draft.kind,
      rating: draft.rating,
      range: { start: draft.start, end: draft.end },
    });
  }
  queue.dispose();
  return { puts: school.puts };
}

describe("LiveQueue against a model (fast-check)", () => {
  it("ends with the last tap per student and every recitation once, through drops, lost answers, duplicates, reordering, timeouts and reloads", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArb(["ok", "ok", "drop", "lose", "dup", "hold"]), { minLength: 1, maxLength: 40 }),
        fc.integer(),
        fc.array(fc.nat(20), { maxLength: 20 }),
        async (commands, seed, lateOrder) => {
          await run(commands, { seed, honoursKeys: true, lateOrder });
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);

  it("records every recitation once on a server that ignores Idempotency-Key (the list check before resending)", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Without the key, only a request that will not arrive later can be checked for: no held or doubled requests.
        fc.array(commandArb(["ok", "drop", "lose"]), { minLength: 1, maxLength: 40 }),
        fc.integer(),
        async (commands, seed) => {
          await run(commands, { seed, honoursKeys: false, lateOrder: [] });
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it("a regression: an abandoned older batch delivered after a newer one does not overwrite it", async () => {
    await run(
      [
        { type: "faults", faults: ["hold", "ok"] },
        { type: "tap", student: 0, status: "present", late: null, note: null },
        { type: "advance", ms: 400 }, // batch 1 (present) goes out and is held
        { type: "advance", ms: 5_000 }, // the client gives up on it
        { type: "tap", student: 0, status: "absent", late: null, note: null },
        { type: "advance", ms: 60_000 }, // batch 2 (absent) is saved
        { type: "deliver", index: 0 }, // batch 1 arrives at last
      ],
      { seed: 1, honoursKeys: true, lateOrder: [] },
    );
  });
});
