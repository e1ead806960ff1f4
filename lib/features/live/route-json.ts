import "server-only";
import { problemMessage } from "@/lib/actions/problem";
import { currentActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/users";
import { translator } from "@/lib/i18n/core";
import { V1Error } from "@/lib/v1";
import { isTransient } from "@/lib/v1/retry";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The live screen's GET route handlers (never server actions: the client runs those one at a
 * time). Signed out: 401. Not staff, or `load` answers null (missing, or not the actor's): 404, the
 * same answer for both. A refusal of the school's API: 503 when trying again can help, else 502,
 * with a translated message. Never cached.
 */
export async function liveJson(load: (actor: Actor) => Promise<unknown>): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return Response.json({ error: "signed_out" }, { status: 401, headers: NO_STORE });
  if (actor.role !== "admin" && actor.role !== "teacher") return Response.json({ error: "not_found" }, { status: 404, headers: NO_STORE });
  try {
    const body = await load(actor);
    if (body === null) return Response.json({ error: "not_found" }, { status: 404, headers: NO_STORE });
    return Response.json(body, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof V1Error)) throw error;
    const transient = isTransient(error);
    return Response.json(
      { error: transient ? "unavailable" : "refused", code: error.code, message: problemMessage(error, translator(actor.locale)), retryable: transient },
      { status: transient ? 503 : 502, headers: NO_STORE },
    );
  }
}
