// v1 calls: 4 (the session, then the halqa's students + the session's attendance + its recitations
// in parallel); plus GET /school once per process and, for a teacher, GET /sheikhs/{id} per linked
// sheikh. See lib/features/live/read-model.ts.
import { problemMessage } from "@/lib/actions/problem";
import { currentActor } from "@/lib/auth/session";
import { loadLiveSnapshot } from "@/lib/features/live/read-model";
import { translator } from "@/lib/i18n/core";
import { V1Error } from "@/lib/v1";
import { isTransient } from "@/lib/v1/retry";

/**
 * The live session screen's poll (TanStack Query, every few seconds while visible): a GET route
 * handler, never a server action (the client runs actions one at a time, so polling through one
 * would queue behind the writes). Signed out: 401. A session that does not exist or is not the
 * actor's: 404, the same answer for both.
 */
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

export async function GET(_request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return Response.json({ error: "signed_out" }, { status: 401, headers: NO_STORE });
  if (actor.role !== "admin" && actor.role !== "teacher") return Response.json({ error: "not_found" }, { status: 404, headers: NO_STORE });
  const { id } = await context.params;
  try {
    const snapshot = await loadLiveSnapshot(actor, id);
    if (!snapshot) return Response.json({ error: "not_found" }, { status: 404, headers: NO_STORE });
    return Response.json(snapshot, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof V1Error)) throw error;
    const message = problemMessage(error, translator(actor.locale));
    const transient = isTransient(error);
    return Response.json(
      { error: transient ? "unavailable" : "refused", code: error.code, message, retryable: transient },
      { status: transient ? 503 : 502, headers: NO_STORE },
    );
  }
}
