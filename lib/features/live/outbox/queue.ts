/**
 * The live session's outbox, in the browser (how it behaves: lib/features/live/README.md, "Outbox"):
 * framework-free, so a React client component can hold one (useSyncExternalStore over
 * subscribe/getSnapshot) and tests can drive it without real time.
 */
import { fullJitter } from "@/lib/backoff";
import type { LiveSenders, PersistedQueue, QueuedMark, QueuedRecitation } from "../types";
import {
  marksAfter,
  outcomeOf,
  recitationsAfter,
  rememberRows,
  toInput,
  writeBlockAfter,
  type Outcome,
} from "./outcomes";
import { attemptSend, DEFAULT_TIMINGS, QueueTimers, type QueueEnv, type QueueTimings } from "./schedule";
import { OutboxItems, type AfterEdit } from "./items";
import { snapshotOf, type QueueSnapshot } from "./snapshot";
import { pruneEmptyRecords, SerialSaver, type LiveStore } from "./store";

export { DEFAULT_TIMINGS, type QueueEnv, type QueueTimings } from "./schedule";
export { normalizeMark } from "./outcomes";
export type { QueueMark, QueueRecitation, QueueSnapshot, SavedRecitation } from "./snapshot";

export type QueueOptions = {
  tenantId: string;
  sessionId: string;
  store: LiveStore;
  send: LiveSenders;
  env: QueueEnv;
  timings?: Partial<QueueTimings>;
};

export class LiveQueue extends OutboxItems {
  readonly tenantId: string;
  readonly sessionId: string;
  /** Resolves once the stored queue is loaded (and its first flush has been started). */
  readonly ready: Promise<void>;

  private readonly store: LiveStore;
  private readonly send: LiveSenders;
  private readonly t: QueueTimings;

  private loaded = false;
  private disposed = false;
  private started = false;

  private attempt = 0;
  private nextRetryAt = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private forced = false;
  private readonly timers: QueueTimers;
  private unsubscribers: (() => void)[] = [];

  private listeners = new Set<() => void>();
  private snapshot: QueueSnapshot;
  private readonly saver: SerialSaver;
  private lastSavedAt: number | null = null;

  constructor(options: QueueOptions) {
    super(options.env);
    this.tenantId = options.tenantId;
    this.sessionId = options.sessionId;
    this.store = options.store;
    this.send = options.send;
    this.t = { ...DEFAULT_TIMINGS, ...options.timings };
    this.saver = new SerialSaver(this.store, () => this.emit());
    this.timers = new QueueTimers(
      this.env,
      this.t,
      () => void this.flush(),
      () => this.hasWork(),
    );
    this.snapshot = this.buildSnapshot();
    this.ready = this.load();
  }

  /** Attaches the triggers: `online`, visible again, and the periodic timer. */
  start(): this {
    if (this.started || this.disposed) return this;
    this.started = true;
    this.unsubscribers.push(
      this.env.on("online", () => {
        this.emit();
        void this.flush({ force: true });
      }),
      this.env.on("offline", () => this.emit()),
      this.env.on("visible", () => void this.flush({ force: true })),
      // Leaving the page ends every undo window: held work must not wait for a visit that may not come.
      this.env.on("hidden", () => this.releaseHeld()),
    );
    this.timers.tick();
    return this;
  }

  /** Stops timers and listeners; answers still arriving are ignored (what is stored stays stored). */
  dispose(): void {
    this.disposed = true;
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    this.timers.dispose();
    this.listeners.clear();
  }

  private async load(): Promise<void> {
    let record: PersistedQueue | null = null;
    try {
      record = await this.store.load(this.tenantId, this.sessionId);
    } catch {
      this.saver.fail();
    }
    if (this.disposed) return;
    const differs = this.restore(record);
    this.loaded = true;
    if (differs) void this.persist();
    this.timers.holdUntil(this.nextHoldEnd());
    this.emit();
    void pruneEmptyRecords(this.store, this.tenantId, this.env.now(), this.sessionId).catch(() => undefined);
    void this.flush();
  }

  // ---------------------------------------------------------------- subscription (useSyncExternalStore)

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueSnapshot => this.snapshot;

  protected emit(): void {
    if (this.disposed) return;
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }

  private buildSnapshot(): QueueSnapshot {
    return snapshotOf({
      loaded: this.loaded,
      marks: this.marks,
      recs: this.recs,
      inflightMarks: this.inflightMarks,
      inflightRec: this.inflightRec,
      savedRows: this.savedRows,
      savedRecs: this.savedRecs,
      nextRetryAt: this.nextRetryAt,
      lastSavedAt: this.lastSavedAt,
      writeBlocked: this.writeBlocked,
      online: this.env.isOnline(),
      now: this.env.now(),
      storage: this.saver.failed ? "failed" : this.store.durable ? "durable" : "memory",
    });
  }

  // ---------------------------------------------------------------- sending

  /**
   * Sends what is pending: one batch of marks at a time, then the recitations one by one. A call
   * while a flush runs joins it (the running flush goes round again). `force` skips the backoff.
   */
  flush(options: { force?: boolean } = {}): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (options.force) {
      this.attempt = 0;
      this.nextRetryAt = 0;
      this.timers.clearRetry();
    }
    if (this.running) {
      this.again = true;
      if (options.force) this.forced = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      this.timers.holdUntil(this.nextHoldEnd());
      this.emit();
      // A flush asked for between the loop's last check and here must not be lost.
      if (this.again && !this.disposed) {
        this.again = false;
        void this.flush();
      }
    });
    return this.running;
  }

  private async run(): Promise<void> {
    if (!this.loaded) await this.ready;
    do {
      this.again = false;
      if (this.disposed || !this.env.isOnline()) return;
      if (this.env.now() < this.nextRetryAt) {
        this.timers.retryAt(this.nextRetryAt);
        return;
      }
      const outcome = await this.drain();
      if (this.disposed) return;
      if (outcome === "transient") {
        if (this.forced) {
          // Back online or visible again while this attempt failed: one more try at once.
          this.forced = false;
          this.again = true;
          continue;
        }
        this.attempt++;
        this.nextRetryAt =
          this.env.now() +
          Math.max(1, fullJitter(this.attempt, this.t.backoffBaseMs, this.t.backoffCapMs, this.env.random));
        this.timers.retryAt(this.nextRetryAt);
        this.emit();
        return;
      }
      this.attempt = 0;
      this.nextRetryAt = 0;
      this.forced = false;
    } while (this.again);
  }

  private async drain(): Promise<Outcome> {
    for (;;) {
      const batch = this.pendingMarks(this.t.batchMax);
      if (batch.length === 0) break;
      const outcome = await this.sendMarks(batch);
      if (this.disposed) return "saved";
      if (outcome === "transient") return "transient";
      // Taps made while the batch was out: let the debounce gather them into the next one.
      if (this.timers.debouncing) return "saved";
    }
    const tried = new Set<string>();
    for (;;) {
      const rec = this.recs.find((r) => r.state === "pending" && !tried.has(r.clientId) && !this.isHeld(r));
      if (!rec) return "saved";
      tried.add(rec.clientId);
      const outcome = await this.sendRecitation(rec);
      if (this.disposed) return "saved";
      if (outcome === "transient") return "transient";
    }
  }

  private async sendMarks(batch: QueuedMark[]): Promise<Outcome> {
    for (const mark of batch) this.inflightMarks.set(mark.student_id, mark.version);
    this.emit();
    const result = await attemptSend(this.env, this.t.sendTimeoutMs, () =>
      this.send.marks({ sessionId: this.sessionId, deviceId: this.deviceId, marks: batch.map(toInput) }),
    );
    for (const mark of batch)
      if (this.inflightMarks.get(mark.student_id) === mark.version) this.inflightMarks.delete(mark.student_id);
    if (this.disposed) return "saved";
    return this.settle(result, () => {
      if (result.ok) rememberRows(this.savedRows, result.data.rows);
      this.marks = marksAfter(this.marks, batch, result);
    });
  }

  private async sendRecitation(rec: QueuedRecitation): Promise<Outcome> {
    const maybeSent = rec.attempts > 0;
    this.recs = this.recs.map((r) => (r.clientId === rec.clientId ? { ...rec, attempts: rec.attempts + 1 } : r));
    this.inflightRec = rec.clientId;
    // Durable before the request leaves: after a reload we must know it may have arrived.
    await this.persist();
    this.emit();
    const result = await attemptSend(this.env, this.t.sendTimeoutMs, () =>
      this.send.recitation({
        ...rec.draft,
        sessionId: this.sessionId,
        clientId: rec.clientId,
        recorded_at: rec.recorded_at,
        maybeSent,
      }),
    );
    this.inflightRec = null;
    if (this.disposed) return "saved";
    return this.settle(result, () => {
      if (result.ok) this.savedRecs.set(rec.clientId, { ...result.data.recitation, clientId: rec.clientId });
      this.recs = recitationsAfter(this.recs, rec.clientId, result);
    });
  }

  /** A final answer updates the items (`apply`) and the write block; a retryable one changes nothing yet. */
  private settle(result: Parameters<typeof outcomeOf>[0], apply: () => void): Outcome {
    const outcome = outcomeOf(result);
    if (outcome === "transient") {
      this.emit();
      return outcome;
    }
    apply();
    this.writeBlocked = writeBlockAfter(this.writeBlocked, result);
    if (outcome === "saved") this.lastSavedAt = this.env.now();
    this.changed();
    return outcome;
  }

  // ---------------------------------------------------------------- state and storage

  private changed(): void {
    void this.persist();
    this.timers.holdUntil(this.nextHoldEnd());
    this.emit();
  }

  protected edited(after: AfterEdit): void {
    this.changed();
    if (after === "gather") this.timers.debounce();
    else if (after === "send now") void this.flush({ force: true });
  }

  protected get closed(): boolean {
    return this.disposed;
  }

  private persist(): Promise<void> {
    if (this.disposed || !this.loaded) return this.saver.done;
    return this.saver.save({
      v: 1,
      tenantId: this.tenantId,
      sessionId: this.sessionId,
      deviceId: this.deviceId,
      counter: this.counter,
      marks: [...this.marks.values()],
      recitations: this.recs,
      savedRows: [...this.savedRows.values()],
      savedAt: this.env.now(),
    });
  }
}

export function createLiveQueue(options: QueueOptions): LiveQueue {
  return new LiveQueue(options).start();
}
