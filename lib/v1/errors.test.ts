import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_STATUS } from "@/lib/contract";
import { problemMessage } from "@/lib/actions/problem";
import { translator } from "@/lib/i18n/core";
import { V1Error } from "./errors";
import { FAILURE_KINDS, failureOf, type Failure } from "./failures";
import { errorReply, SCHOOL } from "@/tests/support/v1/fake-api";
import { caught, withFakeApi } from "@/tests/support/v1/harness";

const { api, client } = withFakeApi();

/** The English text of a catalogue key (`errors.invalidKey` → messages/en/errors.json → invalidKey), or undefined. */
function english(key: string): unknown {
  const [namespace, ...rest] = key.split(".");
  const catalogue = JSON.parse(
    readFileSync(path.join(process.cwd(), "messages", "en", `${namespace}.json`), "utf8"),
  ) as unknown;
  return rest.reduce<unknown>(
    (node, part) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined),
    catalogue,
  );
}

/** The failure a GET ends with when every answer is `reply`, and how many requests the client made (up to 3 allowed). */
async function failGet(
  reply: Parameters<ReturnType<typeof api>["reply"]>[0],
): Promise<{ error: Error; failure: Failure | null; requests: number }> {
  api().reply(reply);
  const error = await caught(() => client({ retry: { maxAttempts: 3 } }).client.call("getSchool"));
  return { error, failure: failureOf(error), requests: api().requests.length };
}

describe("one error class, read through the failure table", () => {
  it.each(ERROR_CODES)(
    "%s: a V1Error with its code and status, a known kind, and a sentence in the English catalogue",
    async (code) => {
      const status = ERROR_STATUS[code];
      const { error, failure, requests } = await failGet(() => errorReply(status, code, "Told by the server"));
      expect(error).toBeInstanceOf(V1Error);
      expect(error).toMatchObject({
        name: "V1Error",
        code,
        status,
        message: "Told by the server",
        operation: "getSchool",
      });
      expect(failure?.kind).toBe(code);
      expect(typeof english(failure!.message), failure!.message).toBe("string");
      // What the table says about retrying is what the client does.
      expect(requests).toBe(failure!.retryable ? 3 : 1);
      for (const locale of ["en", "ar"] as const) {
        const sentence = problemMessage(error, translator(locale));
        expect(sentence).not.toBe(failure!.message);
        expect(sentence).not.toContain("Told by the server");
      }
    },
  );

  it("every kind of the table has its sentence in the English catalogue", () => {
    const missing = Object.entries(FAILURE_KINDS).filter(([, kind]) => typeof english(kind.message) !== "string");
    expect(missing).toEqual([]);
  });

  it("never retries a 401 or a 403 (spec part 7), whatever the code", async () => {
    for (const code of [
      ...ERROR_CODES.filter((c) => ERROR_STATUS[c] === 401 || ERROR_STATUS[c] === 403),
      "brand_new_policy",
    ]) {
      api().requests.length = 0;
      const status = code === "invalid_api_key" ? 401 : 403;
      const { requests, failure } = await failGet(() => errorReply(status, code));
      expect(requests, code).toBe(1);
      expect(failure?.retryable, code).toBe(false);
    }
  });

  it("reads required_scope, feature, fields and Retry-After from the answer", async () => {
    api().reply(() => errorReply(403, "insufficient_scope", "no", { required_scope: "school:read" }));
    expect(failureOf(await caught(() => client().client.call("getSchool")))).toMatchObject({
      requiredScope: "school:read",
      message: "errors.insufficientScope",
    });

    api().reply(() => errorReply(403, "feature_unavailable", "no", { feature: "learning_plans" }));
    expect(failureOf(await caught(() => client().client.call("listPlans")))).toMatchObject({
      feature: "learning_plans",
      blocksWrites: false,
    });

    const fields = {
      "rows.3.status": "must be one of present, absent, late, excused",
      "rows.4": "student not in this halqa",
    };
    api().reply(() => errorReply(422, "validation_failed", "bad rows", { fields }));
    const body = { rows: [{ student_id: "stu_1", status: "present" as const }] };
    expect(
      failureOf(await caught(() => client().client.call("upsertAttendance", { params: { id: "ses_1" }, body }))),
    ).toMatchObject({ fieldErrors: fields });

    api().reply(() => errorReply(429, "rate_limited", "slow down", undefined, { "retry-after": "7" }));
    const limited = await caught(() => client({ retry: { maxAttempts: 1 } }).client.call("getSchool"));
    expect(limited).toMatchObject({ code: "rate_limited", retryAfter: 7 });
    expect(failureOf(limited)).toMatchObject({ retryable: true, retryAfter: 7 });
  });

  it("reads a code it does not know, or an answer without a code, by the status", async () => {
    const unknown403 = await failGet(() => errorReply(403, "brand_new_policy"));
    expect(unknown403.error).toMatchObject({ code: "brand_new_policy", status: 403 });
    expect(unknown403.failure).toMatchObject({ kind: "forbidden", blocksWrites: true, retryable: false });

    api().requests.length = 0;
    const gateway = await failGet(() => ({ status: 502, text: "<html>Bad gateway</html>" }));
    expect(gateway.error).toMatchObject({ code: "internal_error", status: 502 });
    expect(gateway.failure).toMatchObject({ kind: "internal_error", retryable: true });
    expect(gateway.requests).toBe(3);

    api().requests.length = 0;
    const teapot = await failGet(() => ({ status: 418, json: { oops: true } }));
    expect(teapot.error).toMatchObject({ code: "http_418", status: 418 });
    expect(teapot.failure).toMatchObject({ kind: "bad_request", retryable: false, blocksWrites: false });
    expect(teapot.requests).toBe(1);
  });

  it("a code never makes a 5xx or a 429 final: the client still retries", async () => {
    const server = await failGet(() => errorReply(503, "not_found"));
    expect(server.error).toMatchObject({ code: "not_found", status: 503 });
    expect(server.failure).toMatchObject({ kind: "internal_error", retryable: true });
    expect(server.requests).toBe(3);

    api().requests.length = 0;
    const limited = await failGet(() => errorReply(429, "bad_request"));
    expect(limited.failure).toMatchObject({ kind: "rate_limited", retryable: true });
    expect(limited.requests).toBe(3);
  });

  it("a failure made by the dashboard itself reads like one the school answered", () => {
    const denied = new V1Error({
      code: "insufficient_scope",
      status: 403,
      message: "server text",
      details: { required_scope: "school:read" },
    });
    for (const locale of ["en", "ar"] as const) {
      const problem = problemMessage(denied, translator(locale));
      expect(problem).toContain("school:read");
      expect(problem).not.toContain("server text");
    }
    expect(JSON.parse(JSON.stringify(denied))).toMatchObject({
      name: "V1Error",
      code: "insufficient_scope",
      status: 403,
    });
  });

  it("keeps working after a successful call", async () => {
    api().reply(() => ({ status: 200, json: { data: SCHOOL } }));
    await expect(client().client.call("getSchool")).resolves.toMatchObject({ id: SCHOOL.id });
  });
});
