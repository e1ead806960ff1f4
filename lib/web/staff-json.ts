import "server-only";
import { currentActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import { readerTranslator } from "@/lib/preferences/school-languages";
import { failureMessage, failureOf, type Failure } from "@/lib/v1";

const NO_STORE = { "Cache-Control": "no-store" };

/** Nobody is signed in: 401. */
export const signedOutAnswer = () => Response.json({ error: "signed_out" }, { status: 401, headers: NO_STORE });
/** Missing, or not the reader's to see (the same answer for both): 404. */
export const notFoundAnswer = () => Response.json({ error: "not_found" }, { status: 404, headers: NO_STORE });

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
