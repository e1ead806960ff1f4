/**
 * The outbox's items and the teacher's edits of them: marks by student (a newer tap replaces an
 * older pending one, with a higher version), recitations in the order recorded (each with the
 * `clientId` made once, the create's idempotency key), and what this device saved. The sending,
 * timers, storage and subscription are LiveQueue's (queue.ts), which extends this.
 */
import type { AttendanceRow } from "@/lib/contract";
import type { MarkStatus, MarkValue, PersistedQueue, QueuedMark, QueuedRecitation, RecitationDraft } from "../types";
import { normalizeMark } from "./outcomes";
import type { QueueEnv } from "./schedule";
import type { SavedRecitation } from "./snapshot";

/** After an edit: gather it with the next taps into one batch, send at once (a retry or a fix), or only keep it (also: held). */
export type AfterEdit = "gather" | "send now" | "keep";

/** An edit held back for its undo window (ms); without it, an edit is sent as soon as the queue can. */
export type HoldOption = { holdMs?: number };

/** What an undo of held work did: taken back before sending, or already sent (or on its way) and so kept. */
export type UndoResult = { undone: string[]; kept: string[] };

export abstract class OutboxItems {
  protected marks = new Map<string, QueuedMark>();
  protected recs: QueuedRecitation[] = [];
  protected inflightMarks = new Map<string, number>();
  protected inflightRec: string | null = null;
  protected savedRows = new Map<string, AttendanceRow>();
  protected savedRecs = new Map<string, SavedRecitation>();
  protected deviceId = "";
  protected counter = 0;
  protected writeBlocked: string | null = null;

  constructor(protected readonly env: QueueEnv) {}

  /** Stores the edit and sends it as `after` says. */
  protected abstract edited(after: AfterEdit): void;
  /** Tells the screen (no storage involved). */
  protected abstract emit(): void;
  protected abstract get closed(): boolean;

  /**
   * Takes in what was stored for this session; taps made before the load finished are newer than
   * anything stored. Answers whether the merged queue differs from the stored one.
   */
  protected restore(record: PersistedQueue | null): boolean {
    const early = [...this.marks.values()];
    const earlyRecs = this.recs;
    this.deviceId = record?.deviceId ?? this.env.uuid();
    this.counter = Math.max(this.counter, record?.counter ?? 0);
    this.marks = new Map((record?.marks ?? []).map((m) => [m.student_id, m]));
    for (const mark of early) this.marks.set(mark.student_id, { ...mark, version: this.nextVersion() });
    this.recs = [...(record?.recitations ?? []), ...earlyRecs];
    for (const row of record?.savedRows ?? [])
      if (!this.savedRows.has(row.student_id)) this.savedRows.set(row.student_id, row);
    return !record || early.length > 0 || earlyRecs.length > 0;
  }

  /** Versions are per device, strictly increasing, also across reloads (the counter is stored), and never below the clock. */
  protected nextVersion(): number {
    this.counter = Math.max(this.counter + 1, Math.floor(this.env.now()));
    return this.counter;
  }

  /** Still inside its undo window: not sent yet. */
  protected isHeld(item: { holdUntil?: number }): boolean {
    return item.holdUntil !== undefined && item.holdUntil > this.env.now();
  }

  /** When the earliest undo window still open ends, or null. */
  protected nextHoldEnd(): number | null {
    const ends = [...this.marks.values(), ...this.recs]
      .filter((item) => item.state === "pending" && this.isHeld(item))
      .map((item) => item.holdUntil!);
    return ends.length ? Math.min(...ends) : null;
  }

  /** The next batch: pending marks past any undo window, oldest version first. */
  protected pendingMarks(max: number): QueuedMark[] {
    return [...this.marks.values()]
      .filter((m) => m.state === "pending" && !this.isHeld(m))
      .sort((a, b) => a.version - b.version)
      .slice(0, max);
  }

  protected hasWork(): boolean {
    return this.marks.size > 0 || this.recs.length > 0;
  }

  /** One tap: sets the student's mark (a status, or a status with late minutes and a note). */
  mark(studentId: string, value: MarkValue | MarkStatus): void {
    this.markMany([[studentId, value]]);
  }

  /**
   * Several marks at once ("all present"): one version each, one write to storage, one batch. With
   * `holdMs` they wait that long before being sent, so that `undoHeld` can take them back whole.
   */
  markMany(entries: readonly (readonly [string, MarkValue | MarkStatus])[], options: HoldOption = {}): void {
    if (this.closed || entries.length === 0) return;
    const now = this.env.now();
    const hold = options.holdMs ? { holdUntil: now + options.holdMs } : {};
    for (const [studentId, value] of entries) {
      this.marks.set(studentId, {
        student_id: studentId,
        value: normalizeMark(value),
        version: this.nextVersion(),
        state: "pending",
        changedAt: now,
        ...hold,
      });
    }
    this.edited(options.holdMs ? "keep" : "gather");
  }

  /** Drops an unsaved mark (failed, or pending and not being sent): the saved one shows again. */
  discardMark(studentId: string): boolean {
    const mark = this.marks.get(studentId);
    if (!mark || this.inflightMarks.has(studentId)) return false;
    this.marks.delete(studentId);
    this.edited("keep");
    return true;
  }

  /** Records a recitation (held `holdMs` first, when given); returns its clientId (made now, once: the create's idempotency key). */
  recordRecitation(draft: RecitationDraft, options: HoldOption = {}): string {
    const clientId = this.env.uuid();
    const now = this.env.now();
    const hold = options.holdMs ? { holdUntil: now + options.holdMs } : {};
    this.recs.push({
      clientId,
      draft: { ...draft },
      recorded_at: new Date(now).toISOString(),
      attempts: 0,
      state: "pending",
      createdAt: now,
      ...hold,
    });
    this.edited(options.holdMs ? "keep" : "gather");
    return clientId;
  }

  /**
   * Takes back held work that has not left this device: marks made with a hold (by student) and
   * recitations (by clientId). Whatever is already sent or on its way is kept: the API cannot delete
   * an attendance row or a recitation. A mark the teacher set again since is theirs, not the hold's.
   */
  undoHeld(which: { studentIds?: readonly string[]; clientIds?: readonly string[] }): UndoResult {
    const result: UndoResult = { undone: [], kept: [] };
    for (const id of which.studentIds ?? []) {
      const mark = this.marks.get(id);
      if (mark && mark.holdUntil !== undefined && !this.inflightMarks.has(id)) {
        this.marks.delete(id);
        result.undone.push(id);
      } else if (!mark || mark.holdUntil !== undefined) result.kept.push(id);
    }
    for (const id of which.clientIds ?? []) {
      const index = this.recs.findIndex((r) => r.clientId === id);
      if (index >= 0 && this.inflightRec !== id && this.recs[index]!.attempts === 0) {
        this.recs.splice(index, 1);
        result.undone.push(id);
      } else result.kept.push(id);
    }
    if (result.undone.length) this.edited("keep");
    return result;
  }

  /** Ends every undo window now and sends (the teacher leaves the page, or asks for it). */
  releaseHeld(): void {
    let any = false;
    const release = <T extends { holdUntil?: number }>(item: T): T => {
      if (item.holdUntil === undefined || !this.isHeld(item)) return item;
      any = true;
      return { ...item, holdUntil: this.env.now() };
    };
    for (const [id, mark] of this.marks) this.marks.set(id, release(mark));
    this.recs = this.recs.map(release);
    if (any) this.edited("send now");
  }

  /**
   * Fixes a failed recitation. It gets a new clientId: the old key may be remembered by the
   * server for the old body, and the same key with another body would be refused.
   */
  updateRecitation(clientId: string, draft: RecitationDraft): string | null {
    const index = this.recs.findIndex((r) => r.clientId === clientId);
    const rec = this.recs[index];
    if (!rec || rec.state !== "failed" || this.inflightRec === clientId) return null;
    const fresh: QueuedRecitation = {
      ...rec,
      clientId: this.env.uuid(),
      draft: { ...draft },
      state: "pending",
      reason: undefined,
      fieldErrors: undefined,
    };
    this.recs[index] = fresh;
    this.edited("send now");
    return fresh.clientId;
  }

  discardRecitation(clientId: string): boolean {
    const index = this.recs.findIndex((r) => r.clientId === clientId);
    if (index < 0 || this.inflightRec === clientId) return false;
    this.recs.splice(index, 1);
    this.edited("keep");
    return true;
  }

  /** Tries failed items again (all, or one student's mark, or one recitation), now. */
  retryFailed(which?: { studentId?: string; clientId?: string }): void {
    let any = false;
    for (const [id, mark] of this.marks) {
      if (mark.state !== "failed" || (which && which.studentId !== id)) continue;
      this.marks.set(id, { ...mark, state: "pending", reason: undefined, fieldErrors: undefined });
      any = true;
    }
    this.recs = this.recs.map((rec) => {
      if (rec.state !== "failed" || (which && which.clientId !== rec.clientId)) return rec;
      any = true;
      return { ...rec, state: "pending", reason: undefined, fieldErrors: undefined };
    });
    if (!any) return;
    this.edited("send now");
  }

  /** Lets writes be tried again after a blocking refusal (the school may have changed its mind); the next refusal blocks again. */
  clearWriteBlock(): void {
    if (this.writeBlocked === null) return;
    this.writeBlocked = null;
    this.emit();
  }

  /** Drops saved recitations the server's list already holds (call after a poll). */
  forgetSaved(serverRecitationIds: Iterable<string>): void {
    const ids = new Set(serverRecitationIds);
    let any = false;
    for (const [clientId, rec] of this.savedRecs) {
      if (ids.has(rec.id)) {
        this.savedRecs.delete(clientId);
        any = true;
      }
    }
    if (any) this.emit();
  }
}
