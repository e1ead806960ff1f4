import { readiness } from "@/lib/ops/readiness";

/** Readiness for a load balancer or an orchestrator (docs/operations.md); `/api/health` stays a liveness check. */
export async function GET(): Promise<Response> {
  const state = await readiness();
  return Response.json(state, { status: state.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

export const dynamic = "force-dynamic";
