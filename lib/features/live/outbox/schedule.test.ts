import { describe, expect, it } from "vitest";
import en from "@/messages/en/errors.json";
import { FAILURE_KINDS } from "@/lib/v1/failures";
import { FakeEnv, settle } from "@/tests/support/features/live/fake-env";
import { attemptSend } from "./schedule";

const keyOf = (message: string) => message.replace(/^errors\./, "");

describe("attemptSend: a send without an answer is a failure of the one failure model", () => {
  it("reads a throw as network_error: retryable, its catalogue key, never the thrown text", async () => {
    const env = new FakeEnv();
    const result = await attemptSend(env, 1_000, () => Promise.reject(new TypeError("Failed to fetch")));
    expect(result).toEqual({
      ok: false,
      code: "network_error",
      message: FAILURE_KINDS.network_error.message,
      retryable: true,
      blocked: false,
    });
    expect(JSON.stringify(result)).not.toContain("Failed to fetch");
  });

  it("reads a call that throws at once the same way", async () => {
    const result = await attemptSend(new FakeEnv(), 1_000, () => {
      throw new Error("boom");
    });
    expect(result).toMatchObject({ ok: false, code: "network_error", retryable: true });
    expect(JSON.stringify(result)).not.toContain("boom");
  });

  it("reads a call that outlives the send timeout as timeout, retryable", async () => {
    const env = new FakeEnv();
    let answer: unknown = null;
    void attemptSend(env, 1_000, () => new Promise(() => undefined)).then((result) => (answer = result));
    await env.advance(999);
    expect(answer).toBeNull();
    await env.advance(1);
    await settle();
    expect(answer).toEqual({
      ok: false,
      code: "timeout",
      message: FAILURE_KINDS.timeout.message,
      retryable: true,
      blocked: false,
    });
  });

  it("gives a message the catalogue has", () => {
    for (const code of ["network_error", "timeout"] as const)
      expect(en).toHaveProperty(keyOf(FAILURE_KINDS[code].message));
  });

  it("passes an answer through as it came", async () => {
    const env = new FakeEnv();
    await expect(attemptSend(env, 1_000, async () => ({ ok: true, data: 7 }))).resolves.toEqual({ ok: true, data: 7 });
  });
});
