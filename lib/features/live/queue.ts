/**
 * The live session's outbox, in the browser: framework-free, so a React client component can hold
 * one (useSyncExternalStore over subscribe/getSnapshot) and tests can drive it without real time.
 *
 * - Marks are keyed by (school tenant, session, student): a newer tap replaces an older pending
 *   one (last write wins locally) and gets a higher version. Versions are per device, strictly
 *   increasing, also across reloads (the counter is persisted, and never below the clock).
 * - `flush()` sends every pending mark of the session in ONE batch (`send.marks`), at most one
 *   batch in flight per session, so an older batch of this queue can never overtake a newer one;
 *   a late duplicate of an abandoned request is refused by the server's version guard
 *   (version-guard.ts). Recitations go one by one, each with the stable `clientId` made when the
 *   teacher recorded it (the create's idempotency key).
 * - Success: items become saved (dropped from the queue), unless a newer local version arrived
 *   meanwhile, which then stays pending. Retryable failure (network, timeout, 5xx, 429, a thrown
 *   call): items stay pending and the next attempt waits a full-jitter backoff. Permanent failure
 *   (403, 422, 409, signed out): items become failed with the reason, kept until the teacher
 *   fixes, retries or discards them: never dropped silently.
 * - Triggers: a debounce after a tap (40 ms, at most 80 ms after the first tap of a burst), the
 *   browser's `online` event and the page becoming visible (both skip the backoff), and a 15 s
 *   timer (Safari has no Background Sync).
 * - Everything is persisted (store.ts) before it is sent; on start the queue loads what was left
 *   and flushes.
 */
import type { AttendanceRow, Recitation } from "@/lib/contract";
import { pruneEmptyRecords, type LiveStore } from "./store";
import type {
  LiveResult,
  LiveSenders,
  MarkInput,
  MarkStatus,
  MarkValue,
  PersistedQueue,
  QueuedMark,
  QueuedRecitation,
  RecitationDraft,
  SaveMarksData,
} from "./types";

/** The world the queue lives in; `browserEnv()` (env.ts) is the real one, tests pass a fake clock. */
export type QueueEnv = {
  now(): number;
  random(): number;
  uuid(): string;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** `navigator.onLine`: false means surely offline; true only means maybe online. */
  isOnline(): boolean;
  /** `online`/`offline`: the browser's events; `visible`: `visibilitychange` to visible. Returns an unsubscribe. */
  on(event: "online" | "offline" | "visible", listener: () => void): () => void;
};

export type QueueTimings = {
  /** Quiet time after a tap before the batch is sent. */
  debounceMs: number;
  /** A burst of taps is sent at the latest this long after its first tap. */
  maxWaitMs: number;
  /** Periodic attempt while anything waits (also retries after the backoff). */
  tickMs: number;
  /** A send that has not answered by then counts as a retryable failure (it may still arrive). */
  sendTimeoutMs: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Rows per PUT (the API takes 1-200). */
  batchMax: number;
};

export const DEFAULT_TIMINGS: QueueTimings = {
  // Short enough that a tap shows saved within ~150 ms on a good network (npm run bench -- attendance);
  // a sweep down the register (all present, then exceptions) still goes out as one or two PUTs.
  debounceMs: 40,
  maxWaitMs: 80,
  tickMs: 15_000,
  sendTimeoutMs: 30_000,
  backoffBaseMs: 1_000,
  backoffCapMs: 30_000,
  batchMax: 200,
};

/** "Full jitter": uniform in [0, min(cap, base · 2^(attempt-1))]; `attempt` counts from 1. */
export function fullJitter(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}

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
};

export type QueueOptions = {
  tenantId: string;
  sessionId: string;
  store: LiveStore;
  send: LiveSenders;
  env: QueueEnv;
  timings?: Partial<QueueTimings>;
};

type Outcome = "saved" | "failed" | "transient";


export function normalizeMark(value: MarkValue | MarkStatus): MarkValue {
  const mark = typeof value === "string" ? { status: value, late_minutes: null, note: null } : value;
  const note = mark.note?.trim() ? mark.note.trim() : null;
  return { status: mark.status, late_minutes: mark.status === "late" ? (mark.late_minutes ?? null) : null, note };
}

function toInput(mark: QueuedMark): MarkInput {
  return {
    student_id: mark.student_id,
    status: mark.value.status,
    ...(mark.value.late_minutes != null ? { late_minutes: mark.value.late_minutes } : {}),
    ...(mark.value.note != null ? { note: mark.value.note } : {}),
    clientVersion: mark.version,
  };
}

export class LiveQueue {
  readonly tenantId: string;
  readonly sessionId: string;
  /** Resolves once the stored queue is loaded (and its first flush has been started). */
  readonly ready: Promise<void>;

  private readonly store: LiveStore;
  private readonly send: LiveSenders;
  private readonly env: QueueEnv;
  private readonly t: QueueTimings;

  private marks = new Map<string, QueuedMark>();
  private recs: QueuedRecitation[] = [];
  private inflightMarks = new Map<string, number>();
  private inflightRec: string | null = null;
  private savedRows = new Map<string, AttendanceRow>();
  private savedRecs = new Map<string, SavedRecitation>();

  private deviceId = "";
  private counter = 0;
  private loaded = false;
  private disposed = false;
  private started = false;

  private attempt = 0;
  private nextRetryAt = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private forced = false;
  private burstStartedAt: number | null = null;
  private debounceHandle: unknown = null;
  private retryHandle: unknown = null;
  private tickHandle: unknown = null;
  private unsubscribers: (() => void)[] = [];

  private listeners = new Set<() => void>();
  private snapshot: QueueSnapshot;
  private persistChain: Promise<void> = Promise.resolve();
  private storageFailed = false;
  private lastSavedAt: number | null = null;
  private writeBlocked: string | null = null;

  constructor(options: QueueOptions) {
    this.tenantId = options.tenantId;
    this.sessionId = options.sessionId;
    this.store = options.store;
    this.send = options.send;
    this.env = options.env;
    this.t = { ...DEFAULT_TIMINGS, ...options.timings };
    this.snapshot = this.buildSnapshot();
    this.ready = this.load();
  }

  // ---------------------------------------------------------------- lifecycle

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
    );
    this.scheduleTick();
    return this;
  }

  /** Stops timers and listeners; answers still arriving are ignored (what is stored stays stored). */
  dispose(): void {
    this.disposed = true;
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    for (const handle of [this.debounceHandle, this.retryHandle, this.tickHandle]) if (handle !== null) this.env.clearTimeout(handle);
    this.debounceHandle = this.retryHandle = this.tickHandle = null;
    this.listeners.clear();
  }

  private async load(): Promise<void> {
    let record: PersistedQueue | null = null;
    try {
      record = await this.store.load(this.tenantId, this.sessionId);
    } catch {
      this.storageFailed = true;
    }
    if (this.disposed) return;
    const early = [...this.marks.values()];
    const earlyRecs = this.recs;
    this.deviceId = record?.deviceId ?? this.env.uuid();
    this.counter = Math.max(this.counter, record?.counter ?? 0);
    this.marks = new Map((record?.marks ?? []).map((m) => [m.student_id, m]));
    // Taps made before the load finished are newer than anything stored.
    for (const mark of early) this.marks.set(mark.student_id, { ...mark, version: this.nextVersion() });
    this.recs = [...(record?.recitations ?? []), ...earlyRecs];
    for (const row of record?.savedRows ?? []) if (!this.savedRows.has(row.student_id)) this.savedRows.set(row.student_id, row);
    this.loaded = true;
    if (!record || early.length > 0 || earlyRecs.length > 0) void this.persist();
    this.emit();
    void pruneEmptyRecords(this.store, this.tenantId, this.env.now(), this.sessionId).catch(() => undefined);
    void this.flush();
  }

  // ---------------------------------------------------------------- what the screen does

  /** One tap: sets the student's mark (a status, or a status with late minutes and a note). */
  mark(studentId: string, value: MarkValue | MarkStatus): void {
    this.markMany([[studentId, value]]);
  }

  /** Several marks at once ("all present"): one version each, one write to storage, one batch. */
  markMany(entries: readonly (readonly [string, MarkValue | MarkStatus])[]): void {
    if (this.disposed || entries.length === 0) return;
    const now = this.env.now();
    for (const [studentId, value] of entries) {
      this.marks.set(studentId, { student_id: studentId, value: normalizeMark(value), version: this.nextVersion(), state: "pending", changedAt: now });
    }
    this.changed();
    this.debounce();
  }

  /** Drops an unsaved mark (failed, or pending and not being sent): the saved one shows again. */
  discardMark(studentId: string): boolean {
    const mark = this.marks.get(studentId);
    if (!mark || this.inflightMarks.has(studentId)) return false;
    this.marks.delete(studentId);
    this.changed();
    return true;
  }

  /** Records a recitation; returns its clientId (made now, once: the create's idempotency key). */
  recordRecitation(draft: RecitationDraft): string {
    const clientId = this.env.uuid();
    const now = this.env.now();
    this.recs.push({ clientId, draft: { ...draft }, recorded_at: new Date(now).toISOString(), attempts: 0, state: "pending", createdAt: now });
    this.changed();
    this.debounce();
    return clientId;
  }

  /**
   * Fixes a failed recitation. It gets a new clientId: the old key may be remembered by the
   * server for the old body, and the same key with another body would be refused.
   */
  updateRecitation(clientId: string, draft: RecitationDraft): string | null {
    const index = this.recs.findIndex((r) => r.clientId === clientId);
    const rec = this.recs[index];
    if (!rec || rec.state !== "failed" || this.inflightRec === clientId) return null;
    const fresh: QueuedRecitation = { ...rec, clientId: this.env.uuid(), draft: { ...draft }, state: "pending", reason: undefined, fieldErrors: undefined };
    this.recs[index] = fresh;
    this.changed();
    void this.flush({ force: true });
    return fresh.clientId;
  }

  discardRecitation(clientId: string): boolean {
    const index = this.recs.findIndex((r) => r.clientId === clientId);
    if (index < 0 || this.inflightRec === clientId) return false;
    this.recs.splice(index, 1);
    this.changed();
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
    this.changed();
    void this.flush({ force: true });
  }

  // ---------------------------------------------------------------- subscription (useSyncExternalStore)

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueSnapshot => this.snapshot;

  private emit(): void {
    if (this.disposed) return;
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }

  private buildSnapshot(): QueueSnapshot {
    const marks = new Map<string, QueueMark>();
    for (const [id, mark] of this.marks) marks.set(id, { ...mark, sending: this.inflightMarks.get(id) === mark.version });
    const recitations = this.recs.map((r) => ({ ...r, sending: this.inflightRec === r.clientId }));
    const unsaved = [...this.marks.values()].map((m) => m.changedAt).concat(this.recs.map((r) => r.createdAt));
    const pending = (state: string) => state === "pending";
    return {
      ready: this.loaded,
      marks,
      recitations,
      savedRows: new Map(this.savedRows),
      savedRecitations: [...this.savedRecs.values()],
      waiting: [...this.marks.values()].filter((m) => pending(m.state)).length + this.recs.filter((r) => pending(r.state)).length,
      failed: [...this.marks.values()].filter((m) => m.state === "failed").length + this.recs.filter((r) => r.state === "failed").length,
      sending: this.inflightMarks.size > 0 || this.inflightRec !== null,
      online: this.env.isOnline(),
      nextRetryAt: this.nextRetryAt > 0 ? this.nextRetryAt : null,
      lastSavedAt: this.lastSavedAt,
      oldestWaitingAt: unsaved.length ? Math.min(...unsaved) : null,
      storage: this.storageFailed ? "failed" : this.store.durable ? "durable" : "memory",
      writeBlocked: this.writeBlocked,
    };
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
      this.clearRetry();
    }
    if (this.running) {
      this.again = true;
      if (options.force) this.forced = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
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
        this.scheduleRetry();
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
        this.nextRetryAt = this.env.now() + Math.max(1, fullJitter(this.attempt, this.t.backoffBaseMs, this.t.backoffCapMs, this.env.random));
        this.scheduleRetry();
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
      const batch = [...this.marks.values()]
        .filter((m) => m.state === "pending")
        .sort((a, b) => a.version - b.version)
        .slice(0, this.t.batchMax);
      if (batch.length === 0) break;
      const outcome = await this.sendMarks(batch);
      if (this.disposed) return "saved";
      if (outcome === "transient") return "transient";
      // Taps made while the batch was out: let the debounce gather them into the next one.
      if (this.debounceHandle !== null) return "saved";
    }
    const tried = new Set<string>();
    for (;;) {
      const rec = this.recs.find((r) => r.state === "pending" && !tried.has(r.clientId));
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
    const result = await this.attemptSend(() => this.send.marks({ sessionId: this.sessionId, deviceId: this.deviceId, marks: batch.map(toInput) }));
    for (const mark of batch) if (this.inflightMarks.get(mark.student_id) === mark.version) this.inflightMarks.delete(mark.student_id);
    if (this.disposed) return "saved";
    const current = (mark: QueuedMark) => {
      const now = this.marks.get(mark.student_id);
      return now && now.version === mark.version ? now : null;
    };

    if (result.ok) {
      this.rememberRows(result.data);
      this.writeBlocked = null;
      // Saved, unless the teacher changed the mark meanwhile: that newer version stays pending.
      for (const mark of batch) if (current(mark)) this.marks.delete(mark.student_id);
      this.lastSavedAt = this.env.now();
      this.changed();
      return "saved";
    }
    if (result.retryable) {
      this.emit();
      return "transient";
    }
    if (result.blocked) this.writeBlocked = result.message;
    // Field errors name the students at fault (by id); the others go again in the next batch.
    const atFault = new Set(Object.keys(result.fieldErrors ?? {}).filter((id) => batch.some((mark) => mark.student_id === id)));
    for (const mark of batch) {
      const now = current(mark);
      if (!now || (atFault.size > 0 && !atFault.has(mark.student_id))) continue;
      const reason = result.fieldErrors?.[mark.student_id] ?? result.message;
      this.marks.set(mark.student_id, { ...now, state: "failed", reason, fieldErrors: result.fieldErrors?.[mark.student_id] ? { student_id: reason } : undefined });
    }
    this.changed();
    return "failed";
  }

  private rememberRows(data: SaveMarksData): void {
    for (const row of data.rows) {
      const previous = this.savedRows.get(row.student_id);
      if (!previous || Date.parse(row.updated_at) >= Date.parse(previous.updated_at)) this.savedRows.set(row.student_id, row);
    }
  }

  private async sendRecitation(rec: QueuedRecitation): Promise<Outcome> {
    const maybeSent = rec.attempts > 0;
    const attempt: QueuedRecitation = { ...rec, attempts: rec.attempts + 1 };
    this.replaceRec(attempt);
    this.inflightRec = rec.clientId;
    // Durable before the request leaves: after a reload we must know it may have arrived.
    await this.persist();
    this.emit();
    const result = await this.attemptSend(() =>
      this.send.recitation({ ...rec.draft, sessionId: this.sessionId, clientId: rec.clientId, recorded_at: rec.recorded_at, maybeSent }),
    );
    this.inflightRec = null;
    if (this.disposed) return "saved";
    if (result.ok) {
      this.writeBlocked = null;
      this.savedRecs.set(rec.clientId, { ...result.data.recitation, clientId: rec.clientId });
      this.recs = this.recs.filter((r) => r.clientId !== rec.clientId);
      this.lastSavedAt = this.env.now();
      this.changed();
      return "saved";
    }
    if (result.retryable) {
      this.emit();
      return "transient";
    }
    if (result.blocked) this.writeBlocked = result.message;
    const now = this.recs.find((r) => r.clientId === rec.clientId);
    if (now) this.replaceRec({ ...now, state: "failed", reason: result.message, fieldErrors: result.fieldErrors });
    this.changed();
    return "failed";
  }

  private replaceRec(rec: QueuedRecitation): void {
    this.recs = this.recs.map((r) => (r.clientId === rec.clientId ? rec : r));
  }

  /** The call, bounded by the send timeout; a throw or a timeout is a retryable failure. */
  private attemptSend<T>(call: () => Promise<LiveResult<T>>): Promise<LiveResult<T>> {
    return new Promise((resolve) => {
      const retryable = (error: unknown): LiveResult<T> => ({
        ok: false,
        code: "network_error",
        retryable: true,
        blocked: false,
        message: error instanceof Error ? error.message : String(error),
      });
      const timer = this.env.setTimeout(() => resolve(retryable(new Error("timed out"))), this.t.sendTimeoutMs);
      let promise: Promise<LiveResult<T>>;
      try {
        promise = call();
      } catch (error) {
        promise = Promise.reject(error);
      }
      promise.then(
        (value) => {
          this.env.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          this.env.clearTimeout(timer);
          resolve(retryable(error));
        },
      );
    });
  }

  // ---------------------------------------------------------------- timers

  private debounce(): void {
    if (this.disposed) return;
    const now = this.env.now();
    this.burstStartedAt ??= now;
    const delay = Math.max(0, Math.min(this.t.debounceMs, this.burstStartedAt + this.t.maxWaitMs - now));
    if (this.debounceHandle !== null) this.env.clearTimeout(this.debounceHandle);
    this.debounceHandle = this.env.setTimeout(() => {
      this.debounceHandle = null;
      this.burstStartedAt = null;
      void this.flush();
    }, delay);
  }

  private scheduleRetry(): void {
    if (this.disposed) return;
    this.clearRetry();
    this.retryHandle = this.env.setTimeout(() => {
      this.retryHandle = null;
      void this.flush();
    }, Math.max(0, this.nextRetryAt - this.env.now()));
  }

  private clearRetry(): void {
    if (this.retryHandle !== null) this.env.clearTimeout(this.retryHandle);
    this.retryHandle = null;
  }

  private scheduleTick(): void {
    if (this.disposed) return;
    this.tickHandle = this.env.setTimeout(() => {
      this.tickHandle = null;
      if (this.marks.size > 0 || this.recs.length > 0) void this.flush();
      this.scheduleTick();
    }, this.t.tickMs);
  }

  // ---------------------------------------------------------------- state and storage

  private nextVersion(): number {
    this.counter = Math.max(this.counter + 1, Math.floor(this.env.now()));
    return this.counter;
  }

  private changed(): void {
    void this.persist();
    this.emit();
  }

  private persist(): Promise<void> {
    if (this.disposed || !this.loaded) return this.persistChain;
    const record: PersistedQueue = {
      v: 1,
      tenantId: this.tenantId,
      sessionId: this.sessionId,
      deviceId: this.deviceId,
      counter: this.counter,
      marks: [...this.marks.values()],
      recitations: this.recs,
      savedRows: [...this.savedRows.values()],
      savedAt: this.env.now(),
    };
    const copy = structuredClone(record);
    this.persistChain = this.persistChain
      .then(() => this.store.save(copy))
      .then(
        () => {
          if (this.storageFailed) {
            this.storageFailed = false;
            this.emit();
          }
        },
        () => {
          this.storageFailed = true;
          this.emit();
        },
      );
    return this.persistChain;
  }
}

export function createLiveQueue(options: QueueOptions): LiveQueue {
  return new LiveQueue(options).start();
}
