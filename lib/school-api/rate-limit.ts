import { ApiError } from "./errors";

export const RATE_WINDOW_SECONDS = 60;
export const RATE_POLICY_NAME = "per-key";

/** What a response says about the key's limit: quota per window, requests left, seconds until full again. */
export type RateState = { limit: number; remaining: number; resetSeconds: number };

/**
 * IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): the policy on every
 * response, the key's remaining quota once the key is known. No limit (0): no headers.
 */
export function rateLimitHeaders(state: RateState | null, defaultPerMinute: number): Record<string, string> {
  const limit = state?.limit ?? defaultPerMinute;
  if (limit <= 0) return {};
  const headers: Record<string, string> = { "RateLimit-Policy": `"${RATE_POLICY_NAME}";q=${limit};w=${RATE_WINDOW_SECONDS}` };
  if (state) headers.RateLimit = `"${RATE_POLICY_NAME}";r=${state.remaining};t=${state.resetSeconds}`;
  return headers;
}

/** Token buckets per key, in this process: `perMinute` requests, refilled continuously. */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(readonly defaultPerMinute: number) {}

  /** Throws 429 with Retry-After when the key is over its limit; a limit of 0 means unlimited (null). */
  take(keyId: string, perMinute: number | null, nowMs: number): RateState | null {
    const limit = perMinute ?? this.defaultPerMinute;
    if (limit <= 0) return null;
    const ratePerMs = limit / (RATE_WINDOW_SECONDS * 1000);
    const bucket = this.buckets.get(keyId) ?? { tokens: limit, at: nowMs };
    bucket.tokens = Math.min(limit, bucket.tokens + (nowMs - bucket.at) * ratePerMs);
    bucket.at = nowMs;
    if (bucket.tokens < 1) {
      this.buckets.set(keyId, bucket);
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000));
      const state = { limit, remaining: 0, resetSeconds: Math.ceil((limit - bucket.tokens) / ratePerMs / 1000) };
      throw new ApiError("rate_limited", `Too many requests for this key; retry after ${retryAfter} s.`, { retry_after_seconds: retryAfter }, {
        "Retry-After": String(retryAfter),
        ...rateLimitHeaders(state, limit),
      });
    }
    bucket.tokens -= 1;
    this.buckets.set(keyId, bucket);
    return { limit, remaining: Math.floor(bucket.tokens), resetSeconds: Math.ceil((limit - bucket.tokens) / ratePerMs / 1000) };
  }
}
