import { FAILURE_CODE, type FailureCode } from "@/lib/v1/failures";

/**
 * An error the dashboard answers itself in the API's own shape (`ErrorBody` of lib/contract:
 * `{ error: { code, message } }`), outside the embedded API's handlers: an address that is off or
 * hidden, a request refused before Next.js reads it, a server action the proxy refuses. The code is a
 * failure's (FAILURE_KINDS), read by lib/v1 as it reads a school's; `length_required` is the edge
 * guard's own (HTTP 411, which the contract does not name). `message` is for developers and logs.
 */
function apiError(
  status: number,
  code: FailureCode | "length_required",
  message: string,
  headers?: Record<string, string>,
): Response {
  return Response.json({ error: { code, message } }, { status, headers });
}

/** 400: the request cannot be read as it was sent. */
export const apiBadRequest = (message: string, headers?: Record<string, string>) =>
  apiError(400, FAILURE_CODE.bad_request, message, headers);

/** 403: refused whoever asks (not a matter of the key's scope). */
export const apiForbidden = (message: string, headers?: Record<string, string>) =>
  apiError(403, FAILURE_CODE.forbidden, message, headers);

/** 404: nothing here, or nothing to discover. */
export const apiNotFound = (message = "Not found") => apiError(404, FAILURE_CODE.not_found, message);

/** 405: a method this server does not take; `Allow` names those it does. */
export const apiMethodNotAllowed = (message: string, allow: readonly string[]) =>
  apiError(405, FAILURE_CODE.method_not_allowed, message, { Allow: allow.join(", ") });

/** 411: a body sent without a `Content-Length` where one is required. */
export const apiLengthRequired = (message: string) => apiError(411, "length_required", message);

/** 413: a body larger than the address accepts. */
export const apiTooLarge = (message: string) => apiError(413, FAILURE_CODE.payload_too_large, message);

/** The JSON 413 every route handler answers for a body over `limit` bytes. */
export const payloadTooLarge = (limit: number) => apiTooLarge(`The body is larger than ${limit} bytes`);
