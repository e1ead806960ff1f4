// v1 calls: 3 (the session and the student in parallel, then the student's recitations); plus
// GET /school once per process and, for a teacher, GET /sheikhs/{id} per linked sheikh. The plan
// segment comes from the dashboard's synced plan store. See lib/features/live/prefill-source.ts.
import { problemMessage } from "@/lib/actions/problem";
import { currentActor } from "@/lib/auth/session";
import { loadStudentPrefill } from "@/lib/features/live/prefill-source";
import { translator } from "@/lib/i18n/core";
import { V1Error } from "@/lib/v1";
import { isTransient } from "@/lib/v1/retry";

/** What the live screen's recitation entry prefills from, fetched when it opens for a student (a GET route: never a server action). */
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

export async function GET(_request: Request, context: { params: Promise<{ id: string; studentId: string }> }): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return Response.json({ error: "signed_out" }, { status: 401, headers: NO_STORE });
  if (actor.role !== "admin" && actor.role !== "teacher") return Response.json({ error: "not_found" }, { status: 404, headers: NO_STORE });
  const { id, studentId } = await context.params;
  try {
    const prefill = await loadStudentPrefill(actor, id, studentId);
    if (!prefill) return Response.json({ error: "not_found" }, { status: 404, headers: NO_STORE });
    return Response.json(prefill, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof V1Error)) throw error;
    const transient = isTransient(error);
    return Response.json(
      { error: transient ? "unavailable" : "refused", code: error.code, message: problemMessage(error, translator(actor.locale)), retryable: transient },
      { status: transient ? 503 : 502, headers: NO_STORE },
    );
  }
}
