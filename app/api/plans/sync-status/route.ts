// v1 calls: 0 (the dashboard's own store).
import { currentActor } from "@/lib/auth/session";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { dashboardDb } from "@/lib/db";
import { syncStatusView } from "@/lib/features/plans/sync/status-view";
import { getSyncStatus } from "@/lib/features/plans/sync/status";
import { notFoundAnswer, signedOutAnswer } from "@/lib/web/staff-json";

/**
 * The "Sync now" progress bar's poll: the connection's sync state (last complete cycle, the running
 * one with its counts, the last problem). Admins only; everyone else gets 404, signed out 401.
 */
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

export async function GET(): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return signedOutAnswer();
  if (!can.syncPlans(await subjectOf(actor))) return notFoundAnswer();
  const status = await getSyncStatus(await dashboardDb(), actor.connectionId);
  return Response.json(syncStatusView(status), { headers: NO_STORE });
}
