/**
 * When the outbox sends: its environment (clock, timers, network events), its timings, and the
 * three timers of a queue — a debounce that gathers a burst of taps into one batch, a retry after a
 * backoff, and a periodic tick while anything waits. Framework-free, driven by a fake env in tests.
 */
import { noAnswer, noAnswerInTime, type ActionResult } from "@/lib/actions/result";

/** The world the queue lives in; `browserEnv()` (env.ts) is the real one, tests pass a fake clock. */
export type QueueEnv = {
  now(): number;
  random(): number;
  uuid(): string;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** `navigator.onLine`: false means surely offline; true only means maybe online. */
  isOnline(): boolean;
  /** `online`/`offline`: the browser's events; `visible`/`hidden`: the page shown again, or left (`pagehide` too). Returns an unsubscribe. */
  on(event: "online" | "offline" | "visible" | "hidden", listener: () => void): () => void;
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

/** A queue's timers; each fires `flush` (the tick only while `hasWork()`). */
export class QueueTimers {
  private burstStartedAt: number | null = null;
  private debounceHandle: unknown = null;
  private retryHandle: unknown = null;
  private tickHandle: unknown = null;
  private holdHandle: unknown = null;
  private holdAt: number | null = null;
  private disposed = false;

  constructor(
    private readonly env: QueueEnv,
    private readonly t: QueueTimings,
    private readonly flush: () => void,
    private readonly hasWork: () => boolean,
  ) {}

  /** A tap: send after a quiet `debounceMs`, and at the latest `maxWaitMs` after the burst's first tap. */
  debounce(): void {
    if (this.disposed) return;
    const now = this.env.now();
    this.burstStartedAt ??= now;
    const delay = Math.max(0, Math.min(this.t.debounceMs, this.burstStartedAt + this.t.maxWaitMs - now));
    if (this.debounceHandle !== null) this.env.clearTimeout(this.debounceHandle);
    this.debounceHandle = this.env.setTimeout(() => {
      this.debounceHandle = null;
      this.burstStartedAt = null;
      this.flush();
    }, delay);
  }

  /** Taps are still being gathered into the next batch. */
  get debouncing(): boolean {
    return this.debounceHandle !== null;
  }

  retryAt(at: number): void {
    if (this.disposed) return;
    this.clearRetry();
    this.retryHandle = this.env.setTimeout(
      () => {
        this.retryHandle = null;
        this.flush();
      },
      Math.max(0, at - this.env.now()),
    );
  }

  clearRetry(): void {
    if (this.retryHandle !== null) this.env.clearTimeout(this.retryHandle);
    this.retryHandle = null;
  }

  /** Sends when the earliest undo window ends (`null`: none open). */
  holdUntil(at: number | null): void {
    if (this.disposed || at === this.holdAt) return;
    if (this.holdHandle !== null) this.env.clearTimeout(this.holdHandle);
    this.holdHandle = null;
    this.holdAt = at;
    if (at === null) return;
    this.holdHandle = this.env.setTimeout(
      () => {
        this.holdHandle = null;
        this.holdAt = null;
        this.flush();
      },
      Math.max(0, at - this.env.now()),
    );
  }

  /** The periodic attempt (Safari has no Background Sync). */
  tick(): void {
    if (this.disposed) return;
    this.tickHandle = this.env.setTimeout(() => {
      this.tickHandle = null;
      if (this.hasWork()) this.flush();
      this.tick();
    }, this.t.tickMs);
  }

  dispose(): void {
    this.disposed = true;
    for (const handle of [this.debounceHandle, this.retryHandle, this.tickHandle, this.holdHandle])
      if (handle !== null) this.env.clearTimeout(handle);
    this.debounceHandle = this.retryHandle = this.tickHandle = this.holdHandle = null;
  }
}

/** The call, bounded by the send timeout; a throw is `noAnswer()`, a timeout `noAnswerInTime()` (both retryable). */
export function attemptSend<T>(
  env: QueueEnv,
  timeoutMs: number,
  call: () => Promise<ActionResult<T>>,
): Promise<ActionResult<T>> {
  return new Promise((resolve) => {
    const timer = env.setTimeout(() => resolve(noAnswerInTime()), timeoutMs);
    let promise: Promise<ActionResult<T>>;
    try {
      promise = call();
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (value) => {
        env.clearTimeout(timer);
        resolve(value);
      },
      () => {
        env.clearTimeout(timer);
        resolve(noAnswer());
      },
    );
  });
}
