import { describe, expect, it, vi } from "vitest";
import { checkTenant, problemOf } from "./problem";

/**
 * The scheduler runs in the instrumentation layer; a page may have made the cached client in
 * another layer, whose error classes are other copies. A refusal must still be "denied" (backed
 * off), never an "interruption" retried on every tick.
 */
describe("problemOf, with errors thrown by another copy of lib/v1", () => {
  it("reads a feature denial, a missing scope and a revoked key as denied; a 503 as an interruption", async () => {
    vi.resetModules();
    const other = await import("@/lib/v1/errors");
    const feature = problemOf(
      new other.V1Error({
        code: "feature_unavailable",
        status: 403,
        message: "off",
        details: { feature: "learning_plans" },
      }),
    );
    expect(feature).toMatchObject({ code: "feature_unavailable", kind: "denied", feature: "learning_plans" });
    const scope = problemOf(
      new other.V1Error({
        code: "insufficient_scope",
        status: 403,
        message: "no",
        details: { required_scope: "learning_plans:read" },
      }),
    );
    expect(scope).toMatchObject({ kind: "denied", requiredScope: "learning_plans:read" });
    expect(problemOf(new other.V1Error({ code: "invalid_api_key", status: 401, message: "revoked" }))).toMatchObject({
      kind: "denied",
    });
    expect(problemOf(new other.V1Error({ code: "internal_error", status: 503, message: "down" }))).toMatchObject({
      kind: "failed",
    });
  });

  it("reads a key that now answers for another school as denied, whichever copy checked it", async () => {
    vi.resetModules();
    const other = await import("./problem");
    const mismatch = (() => {
      try {
        other.checkTenant("sch_a", "sch_b");
      } catch (error) {
        return error;
      }
    })();
    expect(problemOf(mismatch)).toMatchObject({ code: "tenant_mismatch", kind: "denied" });
    expect(() => checkTenant("sch_a", "sch_a")).not.toThrow();
    expect(() => checkTenant(null, "sch_b")).not.toThrow();
  });
});
