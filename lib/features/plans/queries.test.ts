import { describe, expect, it } from "vitest";
import { V1Error } from "@/lib/v1";
import { availabilityOf } from "./queries";

describe("plan availability", () => {
  it("Learning Plans off and a missing scope are calm answers; anything else is an error", () => {
    expect(
      availabilityOf(
        new V1Error({
          code: "feature_unavailable",
          status: 403,
          message: "off",
          operation: "listPlans",
          details: { feature: "learning_plans" },
        }),
      ),
    ).toEqual({ ok: false, reason: "feature" });
    expect(
      availabilityOf(
        new V1Error({
          code: "insufficient_scope",
          status: 403,
          message: "scope",
          operation: "listPlans",
          details: { required_scope: "learning_plans:read" },
        }),
      ),
    ).toEqual({
      ok: false,
      reason: "scope",
      scope: "learning_plans:read",
    });
    expect(() =>
      availabilityOf(new V1Error({ code: "not_found", status: 404, message: "gone", operation: "getPlan" })),
    ).toThrow(expect.objectContaining({ code: "not_found" }));
  });
});
