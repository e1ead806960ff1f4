import { describe, expect, it } from "vitest";
import { READ_SCOPES, type ReadScope } from "@/lib/contract/scopes";
import { summarizeHealth, writeEvidenceFrom, type ProbeOutcome } from "./connection-health-rules";

const all = (outcome: ProbeOutcome) =>
  Object.fromEntries(READ_SCOPES.map((s) => [s, outcome])) as Record<ReadScope, ProbeOutcome>;
const noWrites = writeEvidenceFrom(null);

describe("summarizeHealth", () => {
  it("reports every scope granted and Learning Plans on for a full key; writes stay unknown", () => {
    const health = summarizeHealth(all("ok"), noWrites);
    expect(health.key).toBe("accepted");
    expect(health.blocked).toBeNull();
    expect(health.scopes.every((s) => s.state === "granted")).toBe(true);
    expect(health.learningPlans).toBe("on");
    expect(health.writes.state).toBe("unknown");
    expect(health.advice).toEqual([{ kind: "writesUnknown" }]);
  });

  it("names a missing scope and advises rotating the key for it", () => {
    const health = summarizeHealth({ ...all("ok"), "learning_plans:read": "missingScope" }, noWrites);
    expect(health.scopes.find((s) => s.scope === "learning_plans:read")?.state).toBe("missing");
    expect(health.learningPlans).toBe("unknown");
    expect(health.advice).toContainEqual({ kind: "rotateForScope", scope: "learning_plans:read" });
  });

  it("reads a feature denial as Learning Plans off, with the scope held", () => {
    const health = summarizeHealth({ ...all("ok"), "learning_plans:read": "featureOff" }, noWrites);
    expect(health.learningPlans).toBe("off");
    expect(health.scopes.find((s) => s.scope === "learning_plans:read")?.state).toBe("granted");
    expect(health.advice).toContainEqual({ kind: "learningPlansOff" });
  });

  it("tells an admin to replace a rejected key, and claims nothing about scopes", () => {
    const health = summarizeHealth(all("invalidKey"), noWrites);
    expect(health.key).toBe("rejected");
    expect(health.scopes.every((s) => s.state === "unknown")).toBe(true);
    expect(health.advice).toEqual([{ kind: "replaceKey" }]);
  });

  it("reports a suspension or an unreachable service instead of scope gaps", () => {
    expect(summarizeHealth(all("suspended"), noWrites).advice[0]).toEqual({ kind: "suspended" });
    const down = summarizeHealth({ ...all("unreachable"), "attendance:read": "untested" }, noWrites);
    expect(down.blocked).toBe("unreachable");
    expect(down.advice[0]).toEqual({ kind: "unreachable" });
  });

  it("marks scopes it could not test as not checked", () => {
    const health = summarizeHealth({ ...all("ok"), "attendance:read": "untested" }, noWrites);
    expect(health.scopes.find((s) => s.scope === "attendance:read")?.state).toBe("unknown");
  });
});

describe("writeEvidenceFrom", () => {
  const at = new Date("2026-01-01T10:00:00Z");
  it("is unknown until an audited write reached the API", () => {
    expect(writeEvidenceFrom(null)).toEqual({ state: "unknown", at: null, action: null });
  });

  it("takes a success or a refusal after the policy checks as proof that writes work", () => {
    expect(writeEvidenceFrom({ at, action: "session.end", result: "ok", code: null }).state).toBe("effective");
    expect(writeEvidenceFrom({ at, action: "session.end", result: "failed", code: "validation_failed" }).state).toBe(
      "effective",
    );
    expect(writeEvidenceFrom({ at, action: "session.end", result: "denied", code: "conflict" }).state).toBe(
      "effective",
    );
  });

  it("maps the school's write refusals", () => {
    expect(
      writeEvidenceFrom({ at, action: "student.create", result: "denied", code: "write_access_disabled" }),
    ).toEqual({ state: "disabled", at, action: "student.create" });
    expect(
      writeEvidenceFrom({ at, action: "student.create", result: "denied", code: "rollout_ineligible" }).state,
    ).toBe("rolloutIneligible");
    expect(
      writeEvidenceFrom({ at, action: "student.create", result: "denied", code: "write_policy_denied" }).state,
    ).toBe("policyDenied");
    expect(
      writeEvidenceFrom({ at, action: "student.create", result: "denied", code: "insufficient_scope" }).state,
    ).toBe("missingScope");
    expect(writeEvidenceFrom({ at, action: "student.create", result: "denied", code: "network_error" }).state).toBe(
      "unknown",
    );
  });
});
