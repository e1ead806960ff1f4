import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { V1Error } from "./errors";
import { backoffDelay, DEFAULT_RETRY, nextDelay, parseRetryAfter, sleep } from "./retry";

describe("backoffDelay (full jitter)", () => {
  it("always lies in [0, min(cap, base · 2^(attempt-1))]", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempt, baseDelayMs, maxDelayMs, r) => {
          const delay = backoffDelay(attempt, { baseDelayMs, maxDelayMs }, () => r);
          const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt - 1, 30));
          return Number.isInteger(delay) && delay >= 0 && delay <= ceiling && delay <= maxDelayMs;
        },
      ),
    );
  });

  it("stays within the cap even for a broken random source", () => {
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: 1, max: 50 }), (r, attempt) => {
        const delay = backoffDelay(attempt, DEFAULT_RETRY, () => r);
        return delay >= 0 && delay <= DEFAULT_RETRY.maxDelayMs;
      }),
    );
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-03-01T12:00:00.000Z");

  it("reads delay-seconds", () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), (seconds) => parseRetryAfter(String(seconds), now) === seconds * 1000),
    );
  });

  it("reads an HTTP date relative to now, never negative", () => {
    expect(parseRetryAfter("Sat, 01 Mar 2025 12:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Sat, 01 Mar 2025 11:00:00 GMT", now)).toBe(0);
  });

  it("ignores what it cannot read", () => {
    for (const value of [null, "", "-3", "1.5", "soon", "12abc"]) expect(parseRetryAfter(value, now)).toBeNull();
  });
});

describe("nextDelay", () => {
  const policy = { ...DEFAULT_RETRY, maxAttempts: 3 };
  const random = () => 1;
  const server = new V1Error({ code: "internal_error", status: 503, message: "x" });

  it("retries transient failures only, a bounded number of times", () => {
    expect(nextDelay({ error: server, attempt: 1, retryAfterMs: null, policy, random })).toBe(200);
    expect(nextDelay({ error: server, attempt: 2, retryAfterMs: null, policy, random })).toBe(400);
    expect(nextDelay({ error: server, attempt: 3, retryAfterMs: null, policy, random })).toBeNull();
    const network = new V1Error({ code: "network_error", status: null, message: "x" });
    expect(nextDelay({ error: network, attempt: 1, retryAfterMs: null, policy, random })).toBe(200);
    const notFound = new V1Error({ code: "not_found", status: 404, message: "x" });
    expect(nextDelay({ error: notFound, attempt: 1, retryAfterMs: null, policy, random })).toBeNull();
  });

  it("honours Retry-After exactly, and gives up when it is longer than the limit", () => {
    const limited = new V1Error({ code: "rate_limited", status: 429, message: "x", retryAfter: 3 });
    expect(nextDelay({ error: limited, attempt: 1, retryAfterMs: 3000, policy, random })).toBe(3000);
    expect(
      nextDelay({ error: limited, attempt: 1, retryAfterMs: policy.maxRetryAfterMs + 1, policy, random }),
    ).toBeNull();
  });
});

describe("sleep", () => {
  it("rejects with the abort reason when aborted", async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
  });
});
