import "server-only";
import { currentActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import { readerTranslator } from "@/lib/preferences/school-languages";
import { FAILURE_CODE, failureMessage, failureOf, type Failure, type FailureCode } from "@/lib/v1";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The one shape of the dashboard's own JSON refusals: `{ error: code, message? }`, never cached. The
 * code is the failure's (FAILURE_KINDS) where the dashboard refuses as the school would, else the
 * dashboard's own (`signed_out`, `invalid_input`); `message` is in the reader's language.
 */
function refusalAnswer(
  status: number,
  error: FailureCode | "signed_out" | "invalid_input",
  message?: string,
): Response {
  return Response.json(message === undefined ? { error } : { error, message }, { status, headers: NO_STORE });
}

/** Nobody is signed in: 401. */
export const signedOutAnswer = () => refusalAnswer(401, "signed_out");
/** Missing, or not the reader's to see (the same answer for both): 404. */
export const notFoundAnswer = () => refusalAnswer(404, FAILURE_CODE.not_found);
/** Not from this site's own pages (another origin): 403, the reason in the reader's words. */
export const forbiddenAnswer = (message: string) => refusalAnswer(403, FAILURE_CODE.forbidden, message);
/** A body over the route's limit: 413, the reason in the reader's words. */
export const tooLargeAnswer = (message: string) => refusalAnswer(413, FAILURE_CODE.payload_too_large, message);
/** A body or a query value the route cannot take: 400, the reason in the reader's words. */
export const invalidInputAnswer = (message: string) => refusalAnswer(400, "invalid_input", message);

/**
 * The staff's JSON GET route handlers: the live register's poll and prefill, the pickers (never
 * server actions: the client runs those one at a time). Signed out: 401. Not staff, or `load` answers null (missing, or not the actor's): 404, the
 * same answer for both. A refusal of the school's API: 503 when trying again can help, else 502,
 * with a translated message. Never cached.
 */
export async function staffJson(load: (actor: Actor) => Promise<unknown>): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return signedOutAnswer();
  if (actor.role !== "admin" && actor.role !== "teacher") return notFoundAnswer();
  try {
    const body = await load(actor);
    if (body === null) return notFoundAnswer();
    return Response.json(body, { headers: NO_STORE });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return failureAnswer(failure, failureMessage(failure, await readerTranslator(actor)));
  }
}

/**
 * A refusal of the school's API as a route's answer: 503 when trying again can help, else 502, with
 * the reason in the reader's words (`message`). JSON for the staff's fetches; plain text for a file a
 * link downloads, which the browser shows as it is.
 */
export function failureAnswer(failure: Failure, message: string, as: "json" | "text" = "json"): Response {
  const { retryable, blocksWrites: blocked } = failure;
  const status = retryable ? 503 : 502;
  if (as === "text")
    return new Response(message, { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  return Response.json(
    { error: retryable ? "unavailable" : "refused", code: failure.code, message, retryable, blocked },
    { status, headers: NO_STORE },
  );
}
