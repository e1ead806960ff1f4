import type { ActionResult } from "@/lib/actions/result";
import { LiveQueue, type QueueTimings } from "@/lib/features/live/outbox/queue";
import { MemoryStore } from "@/lib/features/live/outbox/store";
import type {
  LiveSenders,
  RecordRecitationData,
  RecordRecitationInput,
  SaveMarksData,
  SaveMarksInput,
} from "@/lib/features/live/types";
import { FakeEnv } from "./fake-env";
import { storedMark, storedRecitation } from "./fake-school";

/** Test support for the live queue: one session's queue whose sends are recorded and answered by replaceable replies. */

export const TENANT = "sch_1";
export const SESSION = "ses_1";

export type MarksReply = (input: SaveMarksInput) => Promise<ActionResult<SaveMarksData>>;
export type RecReply = (input: RecordRecitationInput) => Promise<ActionResult<RecordRecitationData>>;

/** The server saves every mark as sent. */
export const okMarks: MarksReply = async (input) => ({
  ok: true,
  data: { session_id: SESSION, rows: input.marks.map((m) => storedMark(SESSION, m.student_id, m.status)), stale: [] },
});
/** The server stores the recitation as sent. */
export const okRec: RecReply = async (input) => ({
  ok: true,
  data: { replayed: false, recitation: storedRecitation(`rec_${input.clientId}`, SESSION, input, input.recorded_at) },
});

/**
 * A started queue of SESSION on `store` (a fresh one by default) in the fake environment `env`:
 * `marks` and `recs` record what was sent, `replies` answer it (the server saving all by default),
 * and `make` starts another queue on the same store, as a reload does.
 */
export function queueHarness(options: { timings?: Partial<QueueTimings>; store?: MemoryStore; env?: FakeEnv } = {}) {
  const env = options.env ?? new FakeEnv();
  const store = options.store ?? new MemoryStore();
  const marks: SaveMarksInput[] = [];
  const recs: RecordRecitationInput[] = [];
  const replies = { marks: okMarks, rec: okRec };
  const send: LiveSenders = {
    marks: (input) => {
      marks.push(structuredClone(input));
      return replies.marks(input);
    },
    recitation: (input) => {
      recs.push(structuredClone(input));
      return replies.rec(input);
    },
  };
  const make = () =>
    new LiveQueue({ tenantId: TENANT, sessionId: SESSION, store, send, env, timings: options.timings }).start();
  return { env, store, marks, recs, replies, make, queue: make() };
}
