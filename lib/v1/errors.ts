import "server-only";
import type { ErrorBody } from "@/lib/contract";
import { FAILURE_BRAND, fieldErrorsOf } from "./failures";

type Details = Record<string, unknown>;

type V1ErrorInit = {
  code: string;
  status: number | null;
  message: string;
  details?: Details;
  operation?: string;
  cause?: Error;
};

/**
 * Every failure of the v1 client. Built only from sanitized values: the API key is never a field
 * of an error, and server-supplied text is redacted before it gets here. Read it with `failureOf`
 * (./failures.ts), never with `instanceof`: the classes exist once per bundle layer.
 */
export class V1Error extends Error {
  readonly [FAILURE_BRAND] = true as const;
  // Explicit names: production builds minify class names.
  override name = "V1Error";
  /** The contract's error code, or a client-side one (`network_error`, `timeout`, `invalid_response`, …). */
  readonly code: string;
  /** HTTP status, or `null` when no response arrived. */
  readonly status: number | null;
  readonly details: Details | undefined;
  /** The endpoint-table name of the call that failed, e.g. `listStudents`. */
  readonly operation: string | undefined;

  constructor(init: V1ErrorInit) {
    super(init.message, init.cause ? { cause: init.cause } : undefined);
    this.code = init.code;
    this.status = init.status;
    this.details = init.details;
    this.operation = init.operation;
  }

  toJSON() {
    return { name: this.name, code: this.code, status: this.status, message: this.message, details: this.details, operation: this.operation };
  }
}

/** The client was set up wrongly (missing or malformed key, bad base URL). Never retried. */
export class V1ConfigError extends V1Error {
  override name = "V1ConfigError";
  constructor(message: string) {
    super({ code: "client_misconfigured", status: null, message });
  }
}

export class InvalidApiKeyError extends V1Error {
  override name = "InvalidApiKeyError";
}
/** Every 403: the key or the school's policy does not allow the operation. Never retried. */
export class ForbiddenError extends V1Error {
  override name = "ForbiddenError";
}
export class InsufficientScopeError extends ForbiddenError {
  override name = "InsufficientScopeError";
  readonly requiredScope: string | null;
  constructor(init: V1ErrorInit) {
    super(init);
    this.requiredScope = typeof init.details?.required_scope === "string" ? init.details.required_scope : null;
  }
}
export class FeatureUnavailableError extends ForbiddenError {
  override name = "FeatureUnavailableError";
  readonly feature: string | null;
  constructor(init: V1ErrorInit) {
    super(init);
    this.feature = typeof init.details?.feature === "string" ? init.details.feature : null;
  }
}
export class SchoolSuspendedError extends ForbiddenError {
  override name = "SchoolSuspendedError";
}
export class RolloutIneligibleError extends ForbiddenError {
  override name = "RolloutIneligibleError";
}
export class NetworkDeniedError extends ForbiddenError {
  override name = "NetworkDeniedError";
}
export class WriteAccessDisabledError extends ForbiddenError {
  override name = "WriteAccessDisabledError";
}
export class WritePolicyDeniedError extends ForbiddenError {
  override name = "WritePolicyDeniedError";
}

/** 400, 405, 413, 415: the request itself was malformed. */
export class BadRequestError extends V1Error {
  override name = "BadRequestError";
}
export class NotFoundError extends V1Error {
  override name = "NotFoundError";
}
export class ConflictError extends V1Error {
  override name = "ConflictError";
}
export class ValidationError extends V1Error {
  override name = "ValidationError";
  /** Dotted field path → message, e.g. `{"rows.3.status": "…"}`. */
  readonly fieldErrors: Record<string, string>;
  constructor(init: V1ErrorInit) {
    super(init);
    this.fieldErrors = fieldErrorsOf(init.details);
  }
}
export class RateLimitedError extends V1Error {
  override name = "RateLimitedError";
  /** Seconds to wait, from `Retry-After`; `null` when the server gave none. */
  readonly retryAfter: number | null;
  constructor(init: V1ErrorInit & { retryAfter: number | null }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}
export class ServerError extends V1Error {
  override name = "ServerError";
}
export class NetworkError extends V1Error {
  override name = "NetworkError";
}
export class TimeoutError extends NetworkError {
  override name = "TimeoutError";
}
/** The response was not JSON or did not match the contract's schema. */
export class ResponseShapeError extends V1Error {
  override name = "ResponseShapeError";
}

type ErrorClass = new (init: V1ErrorInit) => V1Error;

const BY_CODE: Record<string, ErrorClass> = {
  invalid_api_key: InvalidApiKeyError,
  insufficient_scope: InsufficientScopeError,
  school_suspended: SchoolSuspendedError,
  rollout_ineligible: RolloutIneligibleError,
  network_denied: NetworkDeniedError,
  feature_unavailable: FeatureUnavailableError,
  write_access_disabled: WriteAccessDisabledError,
  write_policy_denied: WritePolicyDeniedError,
  bad_request: BadRequestError,
  method_not_allowed: BadRequestError,
  payload_too_large: BadRequestError,
  unsupported_media_type: BadRequestError,
  not_found: NotFoundError,
  conflict: ConflictError,
  validation_failed: ValidationError,
  internal_error: ServerError,
};

function classByStatus(status: number): ErrorClass {
  if (status === 401) return InvalidApiKeyError;
  if (status === 403) return ForbiddenError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 422) return ValidationError;
  if (status >= 500) return ServerError;
  if (status >= 400) return BadRequestError;
  return V1Error;
}

/**
 * Maps an error response to its class. The code wins over the status when the two are known,
 * except that a code may not turn a 5xx into a 4xx class (retries depend on it).
 */
export function errorFromResponse(input: {
  status: number;
  body: ErrorBody | null;
  retryAfter: number | null;
  operation: string;
}): V1Error {
  const { status, body, operation } = input;
  const code = body?.error.code ?? (status === 429 ? "rate_limited" : status >= 500 ? "internal_error" : `http_${status}`);
  const message = body?.error.message ?? `The school API answered HTTP ${status}`;
  const init: V1ErrorInit = { code, status, message, details: body?.error.details, operation };
  if (status === 429 || code === "rate_limited") return new RateLimitedError({ ...init, retryAfter: input.retryAfter });
  if (status >= 500) return new ServerError(init);
  const Known = BY_CODE[code];
  return new (Known ?? classByStatus(status))(init);
}
