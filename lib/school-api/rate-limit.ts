import { ApiError } from "./errors";

/** Token buckets per key, in this process: `perMinute` requests, refilled continuously. */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly defaultPerMinute: number) {}

  /** Throws 429 with Retry-After when the key is over its limit; a limit of 0 means unlimited. */
  take(keyId: string, perMinute: number | null, nowMs: number): void {
    const limit = perMinute ?? this.defaultPerMinute;
    if (limit <= 0) return;
    const ratePerMs = limit / 60_000;
    const bucket = this.buckets.get(keyId) ?? { tokens: limit, at: nowMs };
    bucket.tokens = Math.min(limit, bucket.tokens + (nowMs - bucket.at) * ratePerMs);
    bucket.at = nowMs;
    if (bucket.tokens < 1) {
      this.buckets.set(keyId, bucket);
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000));
      throw new ApiError("rate_limited", `Too many requests for this key; retry after ${retryAfter} s.`, { retry_after_seconds: retryAfter }, { "Retry-After": String(retryAfter) });
    }
    bucket.tokens -= 1;
    this.buckets.set(keyId, bucket);
  }
}
