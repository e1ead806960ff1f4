import "server-only";
import type { ErrorBody } from "@/lib/contract";
import { FAILURE_BRAND, failureKindOf } from "./failures";

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
  /** The contract's error code, or one of the client's or the dashboard's own (`network_error`, `timeout`, `invalid_response`, …). */
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

/** A failure with its code: `v1Error("not_found", 404, "Student not found")`. */
export function v1Error(
  code: string,
  status: number | null,
  message: string,
  details?: Details,
  more?: Pick<V1ErrorInit, "operation" | "retryAfter" | "cause">,
): V1Error {
  return new V1Error({ code, status, message, details, ...more });
}

/** An error response as a failure. Without a code in the body, the status stands for one (`http_418` when none fits). */
export function errorFromResponse(input: {
  status: number;
  body: ErrorBody | null;
  retryAfter: number | null;
  operation: string;
}): V1Error {
  const { status, body, operation } = input;
  const code =
    body?.error.code ?? (status === 429 ? "rate_limited" : status >= 500 ? "internal_error" : `http_${status}`);
  const message = body?.error.message ?? `The school API answered HTTP ${status}`;
  const retryAfter = failureKindOf(code, status) === "rate_limited" ? input.retryAfter : null;
  return new V1Error({ code, status, message, details: body?.error.details, operation, retryAfter });
}

/** A cursor the server handed out twice: following it would loop forever. */
export function repeatedCursor(operation: string): V1Error {
  return v1Error("invalid_response", null, "The school API repeated a pagination cursor", undefined, { operation });
}

/** The dashboard's own rules refuse a field: a validation failure whose field text is for the person (`reason` is for logs). */
export function fieldRefusal(field: string, text: string, reason: string): V1Error {
  return v1Error("validation_failed", null, reason, { fields: { [field]: text } });
}

/** A record that is not there for this reader by the dashboard's own rules: read like the school's 404. */
export function notFoundFailure(reason: string): V1Error {
  return v1Error("not_found", 404, reason);
}
