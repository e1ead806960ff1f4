import "server-only";
import { fullJitter } from "@/lib/backoff";
import type { V1Error } from "./errors";
import { failureOf } from "./failures";

export type RetryPolicy = {
  /** Attempts in total, the first included. 1 turns retries off. */
  maxAttempts: number;
  baseDelayMs: number;
  /** Upper bound of a backoff delay. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited out: the error is thrown instead. */
  maxRetryAfterMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 200,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 10_000,
};

/** The shared full-jitter backoff (lib/backoff.ts) over a retry policy. `attempt` counts from 1. */
export function backoffDelay(
  attempt: number,
  policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">,
  random: () => number,
): number {
  return fullJitter(attempt, policy.baseDelayMs, policy.maxDelayMs, random);
}

/** `Retry-After` as delay-seconds or an HTTP date; milliseconds from `nowMs`, or null when absent/invalid. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/** Network failures (timeouts included), 429 and 5xx may pass; every other failure is final. */
export function isTransient(error: V1Error): boolean {
  return failureOf(error)?.retryable ?? false;
}

/**
 * Delay before the next attempt, or null when no further attempt should be made.
 * `Retry-After` (on 429 or 503) is honoured exactly when it is within the policy's limit.
 */
export function nextDelay(input: {
  error: V1Error;
  attempt: number;
  retryAfterMs: number | null;
  policy: RetryPolicy;
  random: () => number;
}): number | null {
  const { error, attempt, retryAfterMs, policy } = input;
  if (attempt >= policy.maxAttempts || !isTransient(error)) return null;
  if (retryAfterMs !== null) return retryAfterMs <= policy.maxRetryAfterMs ? retryAfterMs : null;
  return backoffDelay(attempt, policy, input.random);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException("The operation was aborted", "AbortError");
}
