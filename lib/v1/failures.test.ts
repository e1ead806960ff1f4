import { describe, expect, it, vi } from "vitest";
import { ERROR_CODES } from "@/lib/contract";
import { translator } from "@/lib/i18n/core";
import { errorFromResponse, V1Error } from "./errors";
import { FAILURE_KINDS, failureMessage, failureOf, isFailure } from "./failures";

describe("failureOf", () => {
  it("recognises a failure thrown by another copy of the error class (another bundle layer)", async () => {
    vi.resetModules();
    const other = await import("./errors");
    const error = new other.V1Error({ code: "conflict", status: 409, message: "ended" });
    expect(error instanceof V1Error).toBe(false); // what broke the pages: two classes, one meaning
    expect(failureOf(error)).toMatchObject({
      code: "conflict",
      kind: "conflict",
      retryable: false,
      blocksWrites: false,
    });
    expect(isFailure(error, "conflict")).toBe(true);
  });

  it("is null for anything that is not a school-API failure", () => {
    expect(failureOf(new Error("bug"))).toBeNull();
    expect(failureOf({ code: "conflict", status: 409 })).toBeNull();
    expect(failureOf(null)).toBeNull();
    expect(isFailure(new TypeError("x"))).toBe(false);
  });

  it("knows every code of the contract, with a message in both languages", () => {
    for (const code of ERROR_CODES) {
      const failure = failureOf(
        errorFromResponse({ status: 400, body: { error: { code, message: "m" } }, retryAfter: null, operation: "op" }),
      );
      expect(failure?.kind, code).toBe(code);
    }
    for (const kind of Object.values(FAILURE_KINDS)) {
      for (const locale of ["en", "ar"] as const) expect(translator(locale)(kind.message)).not.toBe(kind.message);
    }
  });

  it("reads a code the table does not know by its status", () => {
    const kindOf = (status: number) =>
      failureOf(
        errorFromResponse({
          status,
          body: { error: { code: "school_specific", message: "m" } },
          retryAfter: null,
          operation: "op",
        }),
      );
    expect(kindOf(403)).toMatchObject({
      code: "school_specific",
      kind: "forbidden",
      blocksWrites: true,
      retryable: false,
    });
    expect(kindOf(404)).toMatchObject({ kind: "not_found", blocksWrites: false });
    expect(kindOf(503)).toMatchObject({ kind: "internal_error", retryable: true });
    expect(kindOf(418)).toMatchObject({ kind: "bad_request", retryable: false });
  });

  it("declares once what retries and what blocks writes", () => {
    const retryable = Object.entries(FAILURE_KINDS)
      .filter(([, kind]) => kind.retryable)
      .map(([code]) => code);
    expect(retryable.sort()).toEqual(["internal_error", "network_error", "rate_limited", "timeout"]);
    const blocking = Object.entries(FAILURE_KINDS)
      .filter(([, kind]) => kind.blocksWrites)
      .map(([code]) => code);
    expect(blocking.sort()).toEqual(
      [
        "client_misconfigured",
        "forbidden",
        "insufficient_scope",
        "invalid_api_key",
        "network_denied",
        "rollout_ineligible",
        "school_suspended",
        "tenant_mismatch",
        "write_access_disabled",
        "write_policy_denied",
      ].sort(),
    );
    expect(failureOf(new V1Error({ code: "network_error", status: null, message: "down" }))?.retryable).toBe(true);
  });

  it("fills the required scope into the message when the school names it", () => {
    const error = new V1Error({
      code: "insufficient_scope",
      status: 403,
      message: "m",
      details: { required_scope: "attendance:write" },
    });
    const failure = failureOf(error)!;
    expect(failure.requiredScope).toBe("attendance:write");
    expect(failureMessage(failure, translator("en"))).toContain("attendance:write");
  });
});
