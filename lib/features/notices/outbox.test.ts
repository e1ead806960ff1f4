import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./outbox";

describe("retryDelayMs", () => {
  it("doubles from a minute by default, at most 15 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 30].map((attempts) => retryDelayMs(attempts, {}) / 60_000)).toEqual([
      1, 2, 4, 8, 15, 15, 15,
    ]);
  });

  it("doubles from NOTICES_RETRY_BASE_SECONDS when set (the e2e server's 10 s)", () => {
    expect([1, 2, 3].map((attempts) => retryDelayMs(attempts, { NOTICES_RETRY_BASE_SECONDS: "10" }))).toEqual([
      10_000, 20_000, 40_000,
    ]);
  });
});
