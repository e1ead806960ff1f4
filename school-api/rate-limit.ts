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
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"${RATE_POLICY_NAME}";q=${limit};w=${RATE_WINDOW_SECONDS}`,
  };
  if (state) headers.RateLimit = `"${RATE_POLICY_NAME}";r=${state.remaining};t=${state.resetSeconds}`;
  return headers;
}

/** A key's limit: the in-process buckets below, or the shared ones (shared-rate-limit.ts) on PostgreSQL. */
export type RateLimit = {
  readonly defaultPerMinute: number;
  /** Throws 429 with Retry-After when the key is over its limit; a limit of 0 means unlimited (null). */
  take(keyId: string, perMinute: number | null, nowMs: number): RateState | null | Promise<RateState | null>;
};

export const ratePerMs = (limit: number) => limit / (RATE_WINDOW_SECONDS * 1000);

/** What a let-through request's headers say, `tokens` being what is left after it. */
export function grantedState(limit: number, tokens: number): RateState {
  return { limit, remaining: Math.floor(tokens), resetSeconds: Math.ceil((limit - tokens) / ratePerMs(limit) / 1000) };
}

/** The 429 for a key with `tokens` (< 1) left. */
export function refusal(limit: number, tokens: number): ApiError {
  const rate = ratePerMs(limit);
  const retryAfter = Math.max(1, Math.ceil((1 - tokens) / rate / 1000));
  const state = { limit, remaining: 0, resetSeconds: Math.ceil((limit - tokens) / rate / 1000) };
  return new ApiError(
    "rate_limited",
    `Too many requests for this key; retry after ${retryAfter} s.`,
    { retry_after_seconds: retryAfter },
    {
      "Retry-After": String(retryAfter),
      ...rateLimitHeaders(state, limit),
    },
  );
}

/** Token buckets per key, in this process: `perMinute` requests, refilled continuously (PGlite: one process sees every request). */
export class RateLimiter implements RateLimit {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(readonly defaultPerMinute: number) {}

  take(keyId: string, perMinute: number | null, nowMs: number): RateState | null {
    const limit = perMinute ?? this.defaultPerMinute;
    if (limit <= 0) return null;
    const bucket = this.buckets.get(keyId) ?? { tokens: limit, at: nowMs };
    bucket.tokens = Math.min(limit, bucket.tokens + Math.max(0, nowMs - bucket.at) * ratePerMs(limit));
    bucket.at = nowMs;
    this.buckets.set(keyId, bucket);
    if (bucket.tokens < 1) throw refusal(limit, bucket.tokens);
    bucket.tokens -= 1;
    return grantedState(limit, bucket.tokens);
  }
}
