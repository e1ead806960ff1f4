import { ERROR_STATUS, type ErrorCode } from "@/lib/contract";

/** The one error of the embedded API: a code from the contract, a message a person can act on. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new ApiError("not_found", `${what} not found`);

/** A 422 naming each bad field: `details.fields` maps a dotted path to its message. */
export function validationFailed(fields: Record<string, string>, message = "The request has invalid fields") {
  return new ApiError("validation_failed", message, { fields });
}

export function errorResponse(error: ApiError): Response {
  const body = {
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  };
  return Response.json(body, { status: error.status, headers: error.headers });
}
