import "server-only";
import { failureOf, isRateLimited, sleep as realSleep, type V1Client } from "@/lib/v1";

type Call = V1Client["call"];

export type PaceOptions = {
  /** Requests in flight at most, whatever asks (plan pages and histories together). */
  limit: number;
  signal?: AbortSignal;
  /** 429s one request may wait out before its failure is thrown (the cycle then resumes on the next run). Default 5. */
  maxWaits?: number;
  /** A `Retry-After` longer than this is not waited out. Default 60 s. */
  maxWaitMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
};

/** Without `Retry-After`, a 429 pauses this long. */
const DEFAULT_PAUSE_MS = 1_000;

/**
 * The sync's requests to the school: at most `limit` in flight, and after a 429 every request —
 * not only the refused one — waits until its `Retry-After` has passed, then the refused one is
 * sent again. (The v1 client retries a 429 itself within its own policy; this is the traversal's
 * answer once that is spent, or when the client does not retry at all.)
 */
export function pacedCall(call: Call, options: PaceOptions): Call {
  const limit = Math.max(1, Math.trunc(options.limit));
  const maxWaits = options.maxWaits ?? 5;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  let active = 0;
  const queue: (() => void)[] = [];
  let pausedUntil = 0;

  const acquire = async () => {
    if (active < limit) {
      active++;
      return;
    }
    // The slot is handed over by `release`, so `active` does not change here.
    await new Promise<void>((resolve) => queue.push(resolve));
  };
  const release = () => {
    const waiter = queue.shift();
    if (waiter) waiter();
    else active--;
  };

  return (async (name: Parameters<Call>[0], ...args: unknown[]) => {
    for (let waits = 0; ; waits++) {
      await acquire();
      try {
        for (let wait = pausedUntil - now(); wait > 0; wait = pausedUntil - now()) await sleep(wait, options.signal);
        return await (call as (name: string, ...rest: unknown[]) => Promise<unknown>)(name, ...args);
      } catch (error) {
        const failure = failureOf(error);
        if (!failure || !isRateLimited(failure) || waits >= maxWaits) throw error;
        const pause = failure.retryAfter === null ? DEFAULT_PAUSE_MS : failure.retryAfter * 1000;
        if (pause > maxWaitMs) throw error;
        pausedUntil = Math.max(pausedUntil, now() + pause);
      } finally {
        release();
      }
    }
  }) as Call;
}
