import type { MessageKey } from "@/lib/i18n/types";

/**
 * The one failure model of the dashboard. A failure is recognised by a brand and its code, never by
 * class identity: the Next.js server bundles this module once per layer (pages, route handlers,
 * instrumentation), and a client cached on `globalThis` throws the classes of whichever layer made
 * it, so `instanceof` misses across layers. `Symbol.for` is shared by the whole process.
 */
export const FAILURE_BRAND = Symbol.for("halqa-dashboard.v1-failure");

/**
 * What a failure kind means for the person and for the next attempt:
 * - `retryable`: trying the same request again later can succeed (network, timeout, 429, 5xx);
 * - `blocksWrites`: about the key or the school, not this request — no write through this
 *   connection can succeed until the school changes something (the register turns read-only);
 * - `message`: what the person reads, in their language (never the server's own text);
 * - `lacks`: what the key (a scope) or the school (a feature) lacks for this request, when that is the reason.
 */
export type FailureKind = {
  retryable: boolean;
  blocksWrites: boolean;
  message: MessageKey;
  lacks?: "scope" | "feature";
};

const request = (message: MessageKey): FailureKind => ({ retryable: false, blocksWrites: false, message });
const school = (message: MessageKey): FailureKind => ({ retryable: false, blocksWrites: true, message });
const transient = (message: MessageKey): FailureKind => ({ retryable: true, blocksWrites: false, message });

/** Code → kind, beside the contract's code → status table (`ERROR_STATUS` in lib/contract/common.ts). */
export const FAILURE_KINDS = {
  invalid_api_key: school("errors.invalidKey"),
  insufficient_scope: { ...school("errors.insufficientScopeUnknown"), lacks: "scope" },
  school_suspended: school("errors.suspended"),
  rollout_ineligible: school("errors.rolloutIneligible"),
  network_denied: school("errors.networkDenied"),
  write_access_disabled: school("errors.writeAccessDisabled"),
  write_policy_denied: school("errors.writePolicyDenied"),
  /** Another 403 the spec does not name: about the key or the school (spec part 7), never retried. */
  forbidden: school("errors.refusedBySchool"),
  /** The client itself is set up wrongly (no key, bad URL): nothing works until the operator fixes it. */
  client_misconfigured: school("errors.misconfigured"),
  /** The connection's key now answers for another school than the one its synced records belong to: never mixed. */
  tenant_mismatch: school("errors.tenantChanged"),
  feature_unavailable: { ...request("errors.featureUnavailable"), lacks: "feature" },
  bad_request: request("errors.invalidInput"),
  method_not_allowed: request("errors.unexpected"),
  payload_too_large: request("errors.tooLarge"),
  unsupported_media_type: request("errors.unexpected"),
  validation_failed: request("errors.invalidInput"),
  not_found: request("errors.notFound"),
  conflict: request("errors.conflict"),
  invalid_response: request("errors.unexpected"),
  rate_limited: transient("errors.rateLimited"),
  internal_error: transient("errors.unavailable"),
  network_error: transient("errors.unavailable"),
  timeout: transient("errors.unavailable"),
  /** Another instance took a sync run's lease over: the run stops quietly (never shown to a person). */
  sync_lease_lost: request("errors.unexpected"),
} as const satisfies Record<string, FailureKind>;

export type FailureCode = keyof typeof FAILURE_KINDS;

/**
 * Each code of FAILURE_KINDS by its own name, for the code that makes a failure or an answer carrying
 * one (lib/v1/errors.ts, lib/actions/result.ts, lib/web/staff-json.ts, lib/web/api-error.ts): a code
 * is spelled once, in the table above. Code that decides what a failure means reads it with the
 * predicates below (lib/v1/failure-codes.test.ts holds both rules).
 */
export const FAILURE_CODE = Object.freeze(
  Object.fromEntries(Object.keys(FAILURE_KINDS).map((code) => [code, code])),
) as { readonly [K in FailureCode]: K };

/**
 * The code of an error answer whose body names none: a 429 or a 5xx stands for its retryable kind (so
 * it is retried), any other status for itself (`http_418`), read by its status.
 */
export function codeOfStatus(status: number): string {
  return status === 429 || status >= 500 ? kindByStatus(status) : `http_${status}`;
}

/** The row of FAILURE_KINDS a status stands for when the code is unknown (a school may add codes). */
function kindByStatus(status: number | null): FailureCode {
  if (status === null) return "network_error";
  if (status === 401) return "invalid_api_key";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 422) return "validation_failed";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "internal_error";
  return "bad_request";
}

/**
 * The row of FAILURE_KINDS a code belongs to; a code the table does not know, by its HTTP status. A
 * code may not make a 429 or a 5xx final: retries depend on it.
 */
export function failureKindOf(code: string, status: number | null): FailureCode {
  const byStatus = kindByStatus(status);
  if (!(code in FAILURE_KINDS)) return byStatus;
  const kind = code as FailureCode;
  return status !== null && FAILURE_KINDS[byStatus].retryable && !FAILURE_KINDS[kind].retryable ? byStatus : kind;
}

/** The row of FAILURE_KINDS of a code kept without its error (an audit line, a sync problem). */
export function kindOf(code: string, status: number | null): FailureKind {
  return FAILURE_KINDS[failureKindOf(code, status)];
}

/** A failure as every layer reads it: plain data, whichever copy of `V1Error` threw it. */
export type Failure = {
  /** The code as the school (or the client) gave it. */
  code: string;
  /** The row of FAILURE_KINDS it belongs to (the code itself when known). */
  kind: FailureCode;
  status: number | null;
  retryable: boolean;
  blocksWrites: boolean;
  message: MessageKey;
  /** What the key (a scope) or the school (a feature) lacks, when that is why (FailureKind's `lacks`). */
  lacks: "scope" | "feature" | null;
  requiredScope: string | null;
  feature: string | null;
  /** Dotted field path → the server's text (never shown as is). */
  fieldErrors: Record<string, string>;
  /** Seconds to wait, from `Retry-After`. */
  retryAfter: number | null;
  operation: string | null;
};

type Branded = {
  [FAILURE_BRAND]: true;
  code: string;
  status: number | null;
  details?: Record<string, unknown>;
  operation?: string;
  retryAfter?: number | null;
};

function isBranded(error: unknown): error is Branded {
  return typeof error === "object" && error !== null && (error as Partial<Branded>)[FAILURE_BRAND] === true;
}

/** The failure a thrown value stands for, or null when it is not a failure of the school API (a bug). */
export function failureOf(error: unknown): Failure | null {
  if (!isBranded(error)) return null;
  const kind = failureKindOf(error.code, error.status);
  const spec: FailureKind = FAILURE_KINDS[kind];
  const details = error.details ?? {};
  const requiredScope = typeof details.required_scope === "string" ? details.required_scope : null;
  return {
    code: error.code,
    kind,
    status: error.status,
    retryable: spec.retryable,
    blocksWrites: spec.blocksWrites,
    message: spec.lacks === "scope" && requiredScope ? "errors.insufficientScope" : spec.message,
    lacks: spec.lacks ?? null,
    requiredScope,
    feature: typeof details.feature === "string" ? details.feature : null,
    fieldErrors: fieldErrorsOf(details),
    retryAfter: typeof error.retryAfter === "number" ? error.retryAfter : null,
    operation: error.operation ?? null,
  };
}

/** Whether `error` is a school-API failure of one of these kinds. */
export function isFailure(error: unknown, ...kinds: FailureCode[]): boolean {
  const failure = failureOf(error);
  return failure !== null && (kinds.length === 0 || kinds.includes(failure.kind));
}

/**
 * Whether a failure says that the record asked for is not there for this reader: an id the school does
 * not know, or one it refuses to read as malformed (ids are opaque: a malformed one names nothing).
 */
export function isMissing(failure: Failure | null): boolean {
  return isNotFound(failure) || isMalformedRequest(failure);
}

/** Only what a decision reads of a failure: its kind (a `Failure`, or a code read with `failureKindOf`). */
type Kinded = Pick<Failure, "kind"> | null;

/** The school does not know the record asked for (a 404): it is gone, or was never there for this key. */
export function isNotFound(failure: Kinded): boolean {
  return failure?.kind === "not_found";
}

/** The school refused the request as malformed (a 400): a cursor it no longer accepts, an id that names nothing. */
export function isMalformedRequest(failure: Kinded): boolean {
  return failure?.kind === "bad_request";
}

/**
 * The request's fields were refused (a 422, or a rule of the dashboard, `fieldRefusal`): the person must
 * change what they entered; `fieldErrors` name the fields.
 */
export function isInvalidInput(failure: Kinded): boolean {
  return failure?.kind === "validation_failed";
}

/** The record changed under the request, or its idempotency key was used otherwise (a 409). */
export function isConflict(failure: Kinded): boolean {
  return failure?.kind === "conflict";
}

/** The school asks the client to slow down (a 429): wait its `Retry-After` before the next request. */
export function isRateLimited(failure: Kinded): boolean {
  return failure?.kind === "rate_limited";
}

/** Another instance took a sync run's lease over (`leaseLost`): the run stops without touching the state. */
export function isLeaseLost(failure: Kinded): boolean {
  return failure?.kind === "sync_lease_lost";
}

/** A failure's sentence in the reader's language, with the scope filled in where the school named it. */
export function failureMessage(
  failure: Failure,
  t: (key: MessageKey, vars?: Record<string, string | number>) => string,
): string {
  return t(failure.message, failure.requiredScope ? { scope: failure.requiredScope } : undefined);
}

/** `details.fields` of a validation failure: dotted path → text; anything else is dropped. */
export function fieldErrorsOf(details: Record<string, unknown> | undefined): Record<string, string> {
  const value = details?.fields;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(value)) if (typeof message === "string") out[path] = message;
  return out;
}
