import "server-only";
import type { ErrorBody } from "@/lib/contract";
import { codeOfStatus, FAILURE_BRAND, FAILURE_CODE, failureKindOf, isRateLimited } from "./failures";

type Details = Record<string, unknown>;

type V1ErrorInit = {
  code: string;
  status: number | null;
  message: string;
  details?: Details;
  operation?: string;
  /** Seconds to wait, from `Retry-After` of a 429; `null` when the server gave none. */
  retryAfter?: number | null;
  cause?: Error;
};

/**
 * The one error of the v1 client: a code, a status and details. What a code means (retryable, blocks
 * writes, what the person reads) is said once, in `FAILURE_KINDS` (./failures.ts); read an error with
 * `failureOf`, never with `instanceof`: the class exists once per bundle layer. Built only from
 * sanitized values: the API key is never a field of an error, and server-supplied text is redacted
 * before it gets here.
 */
export class V1Error extends Error {
  readonly [FAILURE_BRAND] = true as const;
  // Explicit name: production builds minify class names.
  override name = "V1Error";
  /** The contract's error code, or one the client or the dashboard gives a failure it makes itself (the makers below). */
  readonly code: string;
  /** HTTP status, or `null` when no response arrived. */
  readonly status: number | null;
  readonly details: Details | undefined;
  /** The endpoint-table name of the call that failed, e.g. `listStudents`. */
  readonly operation: string | undefined;
  readonly retryAfter: number | null;

  constructor(init: V1ErrorInit) {
    super(init.message, init.cause ? { cause: init.cause } : undefined);
    this.code = init.code;
    this.status = init.status;
    this.details = init.details;
    this.operation = init.operation;
    this.retryAfter = init.retryAfter ?? null;
  }

  toJSON() {
    return {
      name: this.name,
      code: this.code,
      status: this.status,
      message: this.message,
      details: this.details,
      operation: this.operation,
    };
  }
}

/**
 * A failure with its code (a school's, or one of FAILURE_KINDS), for a fake school in a test; the
 * dashboard makes its own failures with the named makers below.
 */
export function v1Error(
  code: string,
  status: number | null,
  message: string,
  details?: Details,
  more?: Pick<V1ErrorInit, "operation" | "retryAfter" | "cause">,
): V1Error {
  return new V1Error({ code, status, message, details, ...more });
}

/** An error response as a failure. Without a code in the body, the status stands for one (`codeOfStatus`). */
export function errorFromResponse(input: {
  status: number;
  body: ErrorBody | null;
  retryAfter: number | null;
  operation: string;
}): V1Error {
  const { status, body, operation } = input;
  const code = body?.error.code ?? codeOfStatus(status);
  const message = body?.error.message ?? `The school API answered HTTP ${status}`;
  const retryAfter = isRateLimited({ kind: failureKindOf(code, status) }) ? input.retryAfter : null;
  return new V1Error({ code, status, message, details: body?.error.details, operation, retryAfter });
}

// The failures the client and the dashboard make themselves, one maker each: the code comes from
// FAILURE_KINDS (./failures.ts), where it gets its meaning.

/** The client was set up wrongly (missing or malformed key, bad base URL): never retried. */
export function clientMisconfigured(message: string): V1Error {
  return v1Error(FAILURE_CODE.client_misconfigured, null, message);
}

/**
 * The school's URL answered with a redirect, which the client does not follow (the key must not travel
 * elsewhere): almost always SCHOOL_API_URL (or a connection's url) naming http for https or a wrong
 * path, so nothing works until the operator corrects it.
 */
export function redirected(status: number, operation: string): V1Error {
  return v1Error(
    FAILURE_CODE.client_misconfigured,
    status,
    "The school API answered with a redirect, which the client does not follow: check the school's URL",
    undefined,
    { operation },
  );
}

/** No answer within the call's time: retryable. */
export function timedOut(timeoutMs: number, operation: string): V1Error {
  return v1Error(FAILURE_CODE.timeout, null, `The school API did not answer within ${timeoutMs} ms`, undefined, {
    operation,
  });
}

/** The school could not be reached; `reason` is short and free of the key (`ECONNREFUSED`). Retryable. */
export function unreachable(reason: string | null, operation: string): V1Error {
  const message = `The school API could not be reached${reason ? ` (${reason})` : ""}`;
  return v1Error(FAILURE_CODE.network_error, null, message, undefined, { operation });
}

/** An answer that breaks the contract (not JSON, not the resource's shape, a cursor handed out twice). */
export function invalidResponse(status: number | null, message: string, operation: string, details?: Details): V1Error {
  return v1Error(FAILURE_CODE.invalid_response, status, message, details, { operation });
}

/** A cursor the server handed out twice: following it would loop forever. */
export function repeatedCursor(operation: string): V1Error {
  return invalidResponse(null, "The school API repeated a pagination cursor", operation);
}

/** The dashboard's own rules refuse a field: a validation failure whose field text is for the person (`reason` is for logs). */
export function fieldRefusal(field: string, text: string, reason: string): V1Error {
  return v1Error(FAILURE_CODE.validation_failed, null, reason, { fields: { [field]: text } });
}

/** A record that is not there for this reader by the dashboard's own rules: read like the school's 404. */
export function notFoundFailure(reason: string): V1Error {
  return v1Error(FAILURE_CODE.not_found, 404, reason);
}

/** A connection's key now answers for another school than the one its synced records belong to: never mixed. */
export function tenantMismatch(storedTenantId: string, currentTenantId: string): V1Error {
  const message =
    "The school connection's key now belongs to another school than the synced plans; refusing to mix their records";
  return v1Error(FAILURE_CODE.tenant_mismatch, null, message, {
    stored_tenant_id: storedTenantId,
    current_tenant_id: currentTenantId,
  });
}

/** Another instance took a sync run's lease over (ours had expired): the run stops quietly. */
export function leaseLost(): V1Error {
  return v1Error(FAILURE_CODE.sync_lease_lost, null, "The plan sync lease was taken over by another run");
}
