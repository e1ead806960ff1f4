/** What the register renders of its outbox: a snapshot per change, for useSyncExternalStore. */
import type { AttendanceRow, Recitation } from "@/lib/contract";
import type { QueuedMark, QueuedRecitation } from "../types";

export type QueueMark = QueuedMark & { sending: boolean };
export type QueueRecitation = QueuedRecitation & { sending: boolean };
export type SavedRecitation = Recitation & { clientId: string };

export type QueueSnapshot = {
  /** The stored queue has been loaded (render the register only then). */
  ready: boolean;
  /** Unsaved marks by student id: pending (maybe `sending`) or failed. */
  marks: ReadonlyMap<string, QueueMark>;
  /** Unsaved recitations in the order they were recorded. */
  recitations: readonly QueueRecitation[];
  /** Rows this device saved, as the server stored them: fresher than a poll that started earlier. */
  savedRows: ReadonlyMap<string, AttendanceRow>;
  /** Recitations this device created, until a poll includes them. */
  savedRecitations: readonly SavedRecitation[];
  /** "N changes waiting": pending marks and recitations (failed ones are counted in `failed`). */
  waiting: number;
  failed: number;
  sending: boolean;
  online: boolean;
  /** When the next automatic attempt after a failure is due (ms since epoch), or null. */
  nextRetryAt: number | null;
  lastSavedAt: number | null;
  /** When the oldest unsaved change was made: the screen warns when work has waited too long. */
  oldestWaitingAt: number | null;
  /** durable: in IndexedDB; memory: only while the page is open; failed: the last write to storage failed. */
  storage: "durable" | "memory" | "failed";
  /** Why the school refused a write for a reason no other write escapes (scope, write access, policy…), or null. */
  writeBlocked: string | null;
  /** Work inside its undo window, not sent yet: marks by student id, recitations by clientId, and when the last window ends. */
  held: { marks: readonly string[]; recitations: readonly string[]; until: number | null };
};

/** Everything a snapshot is made from: the queue's items and what it knows of sending and storage. */
export type QueueState = {
  loaded: boolean;
  marks: ReadonlyMap<string, QueuedMark>;
  recs: readonly QueuedRecitation[];
  inflightMarks: ReadonlyMap<string, number>;
  inflightRec: string | null;
  savedRows: ReadonlyMap<string, AttendanceRow>;
  savedRecs: ReadonlyMap<string, SavedRecitation>;
  online: boolean;
  /** The queue's clock when the snapshot is made (what is still held). */
  now: number;
  nextRetryAt: number;
  lastSavedAt: number | null;
  storage: QueueSnapshot["storage"];
  writeBlocked: string | null;
};

export function snapshotOf(q: QueueState): QueueSnapshot {
  const marks = new Map<string, QueueMark>();
  for (const [id, mark] of q.marks) marks.set(id, { ...mark, sending: q.inflightMarks.get(id) === mark.version });
  const recitations = q.recs.map((r) => ({ ...r, sending: q.inflightRec === r.clientId }));
  const items = [...q.marks.values(), ...q.recs];
  const held = <T extends { holdUntil?: number; state: string }>(item: T) =>
    item.state === "pending" && item.holdUntil !== undefined && item.holdUntil > q.now;
  const heldMarks = [...q.marks.values()].filter((m) => held(m) && !q.inflightMarks.has(m.student_id));
  const heldRecs = q.recs.filter((r) => held(r) && q.inflightRec !== r.clientId);
  const until = [...heldMarks, ...heldRecs].map((item) => item.holdUntil!);
  const unsaved = [...q.marks.values()].map((m) => m.changedAt).concat(q.recs.map((r) => r.createdAt));
  return {
    ready: q.loaded,
    marks,
    recitations,
    savedRows: new Map(q.savedRows),
    savedRecitations: [...q.savedRecs.values()],
    waiting: items.filter((item) => item.state === "pending").length,
    failed: items.filter((item) => item.state === "failed").length,
    sending: q.inflightMarks.size > 0 || q.inflightRec !== null,
    online: q.online,
    nextRetryAt: q.nextRetryAt > 0 ? q.nextRetryAt : null,
    lastSavedAt: q.lastSavedAt,
    oldestWaitingAt: unsaved.length ? Math.min(...unsaved) : null,
    storage: q.storage,
    writeBlocked: q.writeBlocked,
    held: {
      marks: heldMarks.map((m) => m.student_id),
      recitations: heldRecs.map((r) => r.clientId),
      until: until.length ? Math.max(...until) : null,
    },
  };
}
