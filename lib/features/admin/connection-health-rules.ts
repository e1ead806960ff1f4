import type { ReadScope } from "@/lib/contract/scopes";
import { READ_SCOPES } from "@/lib/contract/scopes";
import { FAILURE_KINDS, failureKindOf, type FailureCode } from "@/lib/v1/failures";

/**
 * Pure half of the connection health page: what each probe's outcome means, and what an admin
 * should do about it. The probes themselves live in connection-health.ts.
 */
export type ProbeOutcome =
  | "ok"
  | "missingScope"
  | "featureOff"
  | "invalidKey"
  | "suspended"
  | "networkDenied"
  | "unreachable"
  | "untested"
  | "error";

export type ScopeState = "granted" | "missing" | "unknown";
export type WriteState = "unknown" | "effective" | "disabled" | "rolloutIneligible" | "policyDenied" | "missingScope";
export type WriteEvidence = { state: WriteState; at: Date | null; action: string | null };

export type Advice =
  | { kind: "replaceKey" }
  | { kind: "suspended" }
  | { kind: "networkDenied" }
  | { kind: "unreachable" }
  | { kind: "rotateForScope"; scope: ReadScope }
  | { kind: "learningPlansOff" }
  | { kind: "writesUnknown" }
  | { kind: "writesDisabled" }
  | { kind: "writesRollout" }
  | { kind: "writesPolicy" }
  | { kind: "writesScope" };

export type Health = {
  key: "accepted" | "rejected" | "unknown";
  /** What stops every call, when something does. */
  blocked: "suspended" | "networkDenied" | "unreachable" | null;
  scopes: { scope: ReadScope; state: ScopeState }[];
  learningPlans: "on" | "off" | "unknown";
  writes: WriteEvidence;
  advice: Advice[];
};

function scopeState(outcome: ProbeOutcome): ScopeState {
  // The API checks the scope before the school's feature switch (docs/contract.md), so a feature
  // denial means the key does hold the scope.
  if (outcome === "ok" || outcome === "featureOff") return "granted";
  if (outcome === "missingScope") return "missing";
  return "unknown";
}

export function summarizeHealth(outcomes: Record<ReadScope, ProbeOutcome>, writes: WriteEvidence): Health {
  const all = Object.values(outcomes);
  const key = all.includes("invalidKey")
    ? "rejected"
    : all.some((o) => o === "ok" || o === "missingScope" || o === "featureOff")
      ? "accepted"
      : "unknown";
  const blocked = all.includes("suspended")
    ? "suspended"
    : all.includes("networkDenied")
      ? "networkDenied"
      : all.every((o) => o === "unreachable" || o === "untested")
        ? "unreachable"
        : null;
  const scopes = READ_SCOPES.map((scope) => ({
    scope,
    state: key === "rejected" ? ("unknown" as const) : scopeState(outcomes[scope]),
  }));
  const plans = outcomes["learning_plans:read"];
  const learningPlans = plans === "ok" ? "on" : plans === "featureOff" ? "off" : "unknown";

  const advice: Advice[] = [];
  if (key === "rejected") advice.push({ kind: "replaceKey" });
  else if (blocked) advice.push({ kind: blocked });
  else {
    for (const { scope, state } of scopes) if (state === "missing") advice.push({ kind: "rotateForScope", scope });
    if (learningPlans === "off") advice.push({ kind: "learningPlansOff" });
  }
  const forWrites = key === "rejected" ? null : writeAdvice(writes.state);
  if (forWrites) advice.push(forWrites);
  return { key, blocked: key === "rejected" ? null : blocked, scopes, learningPlans, writes, advice };
}

function writeAdvice(state: WriteState): Advice | null {
  switch (state) {
    case "unknown":
      return { kind: "writesUnknown" };
    case "disabled":
      return { kind: "writesDisabled" };
    case "rolloutIneligible":
      return { kind: "writesRollout" };
    case "policyDenied":
      return { kind: "writesPolicy" };
    case "missingScope":
      return { kind: "writesScope" };
    case "effective":
      return null;
  }
}

/** Actions whose names start with these reach the school's API as writes (students, sessions, attendance, recitations). */
export const API_WRITE_ACTION_PREFIXES = ["student.", "session.", "attendance.", "recitation."] as const;

/**
 * The only safe evidence of write access is a write staff really made: the latest audited attempt
 * that reached the school's API. Anything answered after the policy checks proves writes work.
 */
const WRITE_STATES: Partial<Record<FailureCode, WriteState>> = {
  write_access_disabled: "disabled",
  rollout_ineligible: "rolloutIneligible",
  write_policy_denied: "policyDenied",
  insufficient_scope: "missingScope",
};

export function writeEvidenceFrom(
  row: {
    at: Date;
    action: string;
    result: "ok" | "denied" | "failed";
    code: string | null;
    status?: number | null;
  } | null,
): WriteEvidence {
  if (!row) return { state: "unknown", at: null, action: null };
  const kind = row.code ? failureKindOf(row.code, row.status ?? null) : null;
  // A refusal of the request itself (invalid input, conflict, not found) was answered after the policy checks.
  const answered =
    row.result === "ok" || (kind !== null && !FAILURE_KINDS[kind].blocksWrites && !FAILURE_KINDS[kind].retryable);
  const state: WriteState = answered ? "effective" : ((kind && WRITE_STATES[kind]) ?? "unknown");
  return { state, at: state === "unknown" ? null : row.at, action: state === "unknown" ? null : row.action };
}
