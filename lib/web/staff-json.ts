import "server-only";
import { currentActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import { readerTranslator } from "@/lib/preferences/school-languages";
import { failureMessage, failureOf } from "@/lib/v1";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The staff's JSON GET route handlers: the live register's poll and prefill, the pickers (never
 * server actions: the client runs those one at a time). Signed out: 401. Not staff, or `load` answers null (missing, or not the actor's): 404, the
 * same answer for both. A refusal of the school's API: 503 when trying again can help, else 502,
 * with a translated message. Never cached.
 */
export async function staffJson(load: (actor: Actor) => Promise<unknown>): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return Response.json({ error: "signed_out" }, { status: 401, headers: NO_STORE });
  if (actor.role !== "admin" && actor.role !== "teacher") return Response.json({ error: "not_found" }, { status: 404, headers: NO_STORE });
  try {
    const body = await load(actor);
    if (body === null) return Response.json({ error: "not_found" }, { status: 404, headers: NO_STORE });
    return Response.json(body, { headers: NO_STORE });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    const { retryable, blocksWrites: blocked } = failure;
    return Response.json(
      { error: retryable ? "unavailable" : "refused", code: failure.code, message: failureMessage(failure, await readerTranslator(actor)), retryable, blocked },
      { status: retryable ? 503 : 502, headers: NO_STORE },
    );
  }
}
