import { describe, expect, it, vi } from "vitest";
import { failureOf } from "./failures";
import { errorReply, SCHOOL, student, type Reply } from "@/tests/support/v1/fake-api";
import { caught, withFakeApi } from "@/tests/support/v1/harness";

const { api, client } = withFakeApi();

/** Replies in turn, repeating the last one. */
function script(...replies: Reply[]) {
  let i = 0;
  api().reply(() => replies[Math.min(i++, replies.length - 1)]!);
}

const ok = (data: unknown = SCHOOL): Reply => ({ status: 200, json: { data } });
const unavailable = errorReply(503, "internal_error", "maintenance");
const studentBody = { halqa_id: "hal_1", full_name: "Student 1" };

describe("no retry on client mistakes or denials", () => {
  it.each([
    [401, "invalid_api_key"],
    [403, "insufficient_scope"],
    [403, "school_suspended"],
    [404, "not_found"],
    [409, "conflict"],
    [422, "validation_failed"],
    [400, "bad_request"],
  ])("%i %s is final after one request", async (status, code) => {
    script(errorReply(status, code), ok());
    const { client: c, sleeps } = client();
    await expect(c.call("getSchool")).rejects.toMatchObject({ status, code });
    expect(api().requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe("retries of idempotent calls", () => {
  it("retries a GET on 503 with full-jitter backoff, then succeeds", async () => {
    script(unavailable, unavailable, ok());
    const { client: c, sleeps } = client({ random: () => 0.5 });
    await expect(c.call("getSchool")).resolves.toMatchObject({ id: SCHOOL.id });
    expect(api().requests).toHaveLength(3);
    expect(sleeps).toEqual([100, 200]);
  });

  it("honours Retry-After in seconds on 429 and 503", async () => {
    script(
      errorReply(429, "rate_limited", "slow", undefined, { "retry-after": "2" }),
      errorReply(503, "internal_error", "busy", undefined, { "retry-after": "1" }),
      ok(),
    );
    const { client: c, sleeps } = client();
    await c.call("getSchool");
    expect(sleeps).toEqual([2000, 1000]);
  });

  it("honours Retry-After as an HTTP date against the injected clock", async () => {
    const now = Date.parse("2025-03-01T12:00:00.000Z");
    script(
      errorReply(429, "rate_limited", "slow", undefined, { "retry-after": "Sat, 01 Mar 2025 12:00:03 GMT" }),
      ok(),
    );
    const { client: c, sleeps } = client({ now: () => now });
    await c.call("getSchool");
    expect(sleeps).toEqual([3000]);
  });

  it("does not wait out a Retry-After beyond the limit", async () => {
    script(errorReply(429, "rate_limited", "slow", undefined, { "retry-after": "3600" }), ok());
    const { client: c, sleeps } = client();
    const error = await caught(() => c.call("getSchool"));
    expect(error).toMatchObject({ code: "rate_limited", retryAfter: 3600 });
    expect(sleeps).toEqual([]);
  });

  it("gives up after maxAttempts with the last error", async () => {
    script(unavailable);
    const { client: c, sleeps } = client({ retry: { maxAttempts: 4 } });
    await expect(c.call("getSchool")).rejects.toMatchObject({ code: "internal_error", status: 503 });
    expect(api().requests).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
  });

  it("retries a PUT and a POST that carries an idempotency key", async () => {
    script(unavailable, { status: 201, json: { data: student(1) } });
    await client().client.call("createStudent", { body: studentBody, idempotencyKey: "idem-7" });
    expect(api().requests.map((r) => r.headers["idempotency-key"])).toEqual(["idem-7", "idem-7"]);

    api().requests.length = 0;
    const result = { session_id: "ses_1", rows: [] };
    script(unavailable, ok(result));
    const body = { rows: [{ student_id: "stu_1", status: "present" as const }] };
    await expect(client().client.call("upsertAttendance", { params: { id: "ses_1" }, body })).resolves.toEqual(result);
    expect(api().requests).toHaveLength(2);
  });

  it("never retries a POST without an idempotency key, nor a PATCH", async () => {
    script(unavailable);
    await expect(client().client.call("createStudent", { body: studentBody })).rejects.toMatchObject({
      code: "internal_error",
      status: 503,
    });
    await expect(
      client().client.call("updateStudent", { params: { id: "stu_1" }, body: { full_name: "B" } }),
    ).rejects.toMatchObject({ code: "internal_error", status: 503 });
    await expect(client().client.call("endSession", { params: { id: "ses_1" } })).rejects.toMatchObject({
      code: "internal_error",
      status: 503,
    });
    expect(api().requests.map((r) => r.method)).toEqual(["POST", "PATCH", "POST"]);
  });
});

describe("network failures and timeouts", () => {
  it("maps a dropped connection to network_error and retries a GET", async () => {
    script({ destroy: true }, ok());
    const { client: c, sleeps } = client();
    await expect(c.call("getSchool")).resolves.toMatchObject({ id: SCHOOL.id });
    expect(sleeps).toHaveLength(1);

    script({ destroy: true });
    const error = await caught(() => client({ retry: { maxAttempts: 1 } }).client.call("getSchool"));
    expect(error).toMatchObject({ code: "network_error", status: null });
  });

  it("maps a refused connection to network_error", async () => {
    const { baseUrl } = api();
    await api().close();
    const error = await caught(() => client({ baseUrl, retry: { maxAttempts: 2 } }).client.call("getSchool"));
    expect(error).toMatchObject({ code: "network_error", status: null });
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("times out every attempt and reports a timeout, retryable like a network failure", async () => {
    script({ ...ok(), delayMs: 2_000 });
    // Long enough for a busy machine to deliver each attempt to the school before it times out.
    const { client: c, sleeps } = client({ timeoutMs: 250, retry: { maxAttempts: 2 } });
    const error = await caught(() => c.call("getSchool"));
    expect(error).toMatchObject({ code: "timeout", status: null });
    expect(failureOf(error)).toMatchObject({ retryable: true });
    expect(error.message).toContain("250 ms");
    expect(api().requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it("lets a call override the timeout", async () => {
    script({ ...ok(), delayMs: 2_000 });
    const error = await caught(() => client({ retry: { maxAttempts: 1 } }).client.call("getSchool", { timeoutMs: 30 }));
    expect(error).toMatchObject({ code: "timeout" });
  });

  it("stops at once when the caller aborts, without retrying", async () => {
    script({ ...ok(), delayMs: 2_000 });
    const controller = new AbortController();
    const pending = client().client.call("getSchool", { signal: controller.signal });
    const refused = expect(pending).rejects.toThrow("navigated away");
    // Aborted while the school holds the request (a busy machine may take a while to send it).
    await vi.waitFor(() => expect(api().requests).toHaveLength(1), { timeout: 5_000 });
    controller.abort(new Error("navigated away"));
    await refused;
    expect(api().requests).toHaveLength(1);
  });

  it("a 401 after a transient failure is final", async () => {
    script(unavailable, errorReply(401, "invalid_api_key"), ok());
    await expect(client().client.call("getSchool")).rejects.toMatchObject({ code: "invalid_api_key", status: 401 });
    expect(api().requests).toHaveLength(2);
  });
});
