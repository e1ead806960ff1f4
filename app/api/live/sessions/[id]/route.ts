// v1 calls: 4 (the session, then the halqa's students + the session's attendance + its recitations
// in parallel); plus GET /school once per process and, for a teacher, GET /sheikhs/{id} per linked
// sheikh. See lib/features/live/server/read-model.ts.
import { loadLiveSnapshot } from "@/lib/features/live/server/read-model";
import { staffJson } from "@/lib/web/staff-json";

/**
 * The live session screen's poll (TanStack Query, every few seconds while visible): a GET route
 * handler, never a server action (the client runs actions one at a time, so polling through one
 * would queue behind the writes). Signed out: 401. A session that does not exist or is not the
 * actor's: 404, the same answer for both.
 */
export const dynamic = "force-dynamic";

export async function GET(_request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  return staffJson((actor) => loadLiveSnapshot(actor, id));
}
