import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_STATUS } from "@/lib/contract";
import {
  BadRequestError,
  ConflictError,
  FeatureUnavailableError,
  ForbiddenError,
  InsufficientScopeError,
  InvalidApiKeyError,
  NetworkDeniedError,
  NotFoundError,
  RateLimitedError,
  RolloutIneligibleError,
  SchoolSuspendedError,
  ServerError,
  ValidationError,
  V1Error,
  WriteAccessDisabledError,
  WritePolicyDeniedError,
} from "./errors";
import { problemMessage } from "@/lib/actions/problem";
import { translator } from "@/lib/i18n/core";
import { errorReply, SCHOOL } from "./testing/fake-api";
import { caught, withFakeApi } from "./testing/harness";

const { api, client } = withFakeApi();

const EXPECTED: Record<string, new (...args: never[]) => V1Error> = {
  bad_request: BadRequestError,
  invalid_api_key: InvalidApiKeyError,
  insufficient_scope: InsufficientScopeError,
  school_suspended: SchoolSuspendedError,
  rollout_ineligible: RolloutIneligibleError,
  network_denied: NetworkDeniedError,
  feature_unavailable: FeatureUnavailableError,
  write_access_disabled: WriteAccessDisabledError,
  write_policy_denied: WritePolicyDeniedError,
  not_found: NotFoundError,
  method_not_allowed: BadRequestError,
  conflict: ConflictError,
  payload_too_large: BadRequestError,
  unsupported_media_type: BadRequestError,
  validation_failed: ValidationError,
  rate_limited: RateLimitedError,
  internal_error: ServerError,
};

describe("error mapping", () => {
  it("covers every code of the contract", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(ERROR_CODES)("%s becomes its own class, with code, status and message", async (code) => {
    const status = ERROR_STATUS[code];
    api().reply(() => errorReply(status, code, "Told by the server"));
    const error = await caught(() => client({ retry: { maxAttempts: 1 } }).client.call("getSchool"));
    expect(error).toBeInstanceOf(EXPECTED[code]);
    expect(error).toBeInstanceOf(V1Error);
    expect(error).toMatchObject({ code, status, message: "Told by the server", operation: "getSchool" });
    expect(error.name).toBe(EXPECTED[code]!.name);
    for (const locale of ["en", "ar"] as const) expect(problemMessage(error as V1Error, translator(locale)).length).toBeGreaterThan(0);
  });

  it("all 403 codes share ForbiddenError", async () => {
    for (const code of ERROR_CODES.filter((c) => ERROR_STATUS[c] === 403)) {
      api().reply(() => errorReply(403, code));
      expect(await caught(() => client().client.call("getSchool"))).toBeInstanceOf(ForbiddenError);
    }
  });

  it("reads required_scope, feature, fields and Retry-After", async () => {
    api().reply(() => errorReply(403, "insufficient_scope", "no", { required_scope: "school:read" }));
    expect(await caught(() => client().client.call("getSchool"))).toMatchObject({ requiredScope: "school:read" });

    api().reply(() => errorReply(403, "feature_unavailable", "no", { feature: "learning_plans" }));
    expect(await caught(() => client().client.call("listPlans"))).toMatchObject({ feature: "learning_plans" });

    const fields = { "rows.3.status": "must be one of present, absent, late, excused", "rows.4": "student not in this halqa" };
    api().reply(() => errorReply(422, "validation_failed", "bad rows", { fields }));
    const body = { rows: [{ student_id: "stu_1", status: "present" as const }] };
    const invalid = await caught(() => client().client.call("upsertAttendance", { params: { id: "ses_1" }, body }));
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).fieldErrors).toEqual(fields);

    api().reply(() => errorReply(429, "rate_limited", "slow down", undefined, { "retry-after": "7" }));
    const limited = await caught(() => client({ retry: { maxAttempts: 1 } }).client.call("getSchool"));
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfter).toBe(7);
  });

  it("falls back on the status when the code is unknown or the body is not an error body", async () => {
    api().reply(() => errorReply(403, "brand_new_policy"));
    expect(await caught(() => client().client.call("getSchool"))).toMatchObject({ name: "ForbiddenError", code: "brand_new_policy" });

    api().reply(() => ({ status: 502, text: "<html>Bad gateway</html>" }));
    const gateway = await caught(() => client({ retry: { maxAttempts: 1 } }).client.call("getSchool"));
    expect(gateway).toBeInstanceOf(ServerError);
    expect(gateway).toMatchObject({ code: "internal_error", status: 502 });

    api().reply(() => ({ status: 418, json: { oops: true } }));
    expect(await caught(() => client().client.call("getSchool"))).toMatchObject({ name: "BadRequestError", code: "http_418" });
  });

  it("a code never turns a 5xx into a non-retryable class", async () => {
    api().reply(() => errorReply(503, "not_found"));
    expect(await caught(() => client({ retry: { maxAttempts: 1 } }).client.call("getSchool"))).toBeInstanceOf(ServerError);
  });

  it("describes each failure calmly in the reader's language, without the server's wording", () => {
    const denied = new InsufficientScopeError({ code: "insufficient_scope", status: 403, message: "server text", details: { required_scope: "school:read" } });
    for (const locale of ["en", "ar"] as const) {
      const problem = problemMessage(denied, translator(locale));
      expect(problem).toContain("school:read");
      expect(problem).not.toContain("server text");
    }
  });

  it("keeps working after a successful call", async () => {
    api().reply(() => ({ status: 200, json: { data: SCHOOL } }));
    await expect(client().client.call("getSchool")).resolves.toMatchObject({ id: SCHOOL.id });
  });
});
