import { describe, expect, it } from "vitest";
import { readAudit as read } from "./npm-audit.mjs";

describe("the npm audit step", () => {
  it("skips, with the reason, when the advisory endpoint answers an error", () => {
    const stdout = JSON.stringify({
      message: "405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk",
      error: { summary: "audit endpoint returned an error" },
    });
    expect(read({ code: 1, stdout, stderr: "npm error audit endpoint returned an error" })).toEqual({
      reachable: false,
      reason: expect.stringContaining("405"),
    });
  });

  it("skips when there is no network at all or no answer", () => {
    expect(
      read({ code: 1, stdout: "", stderr: "npm error code ENOTFOUND\nnpm error network request failed" }).reachable,
    ).toBe(false);
    expect(read({ code: null, signal: "SIGKILL", stdout: "", stderr: "" }).reachable).toBe(false);
  });

  it("fails on high and critical advisories only", () => {
    const report = (counts: object, vulnerabilities: object = {}) =>
      JSON.stringify({ vulnerabilities, metadata: { vulnerabilities: counts } });
    expect(read({ code: 0, stdout: report({ low: 2, moderate: 1, high: 0, critical: 0 }), stderr: "" })).toMatchObject({
      reachable: true,
      failing: 0,
    });
    expect(
      read({
        code: 1,
        stdout: report({ high: 1, critical: 0 }, { next: { severity: "high" }, ms: { severity: "low" } }),
        stderr: "",
      }),
    ).toMatchObject({
      reachable: true,
      failing: 1,
      names: ["next (high)"],
    });
  });
});
