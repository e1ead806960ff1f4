import { loadConnections } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { outboxBacklog } from "@/lib/features/notices/outbox";
import { metrics, metricsToken, type Metrics } from "@/lib/ops/metrics";
import { logger } from "@/lib/ops/log";
import { bearerMatches } from "@/lib/security/bearer";
import { errorSummary } from "@/lib/security/log-safe";
import { apiNotFound } from "@/lib/web/api-error";

/**
 * Prometheus metrics (docs/operations.md), only with `METRICS_TOKEN` set and sent as a bearer token.
 * Anything else is a 404, as for a path that does not exist: there is nothing to discover here.
 */
export async function GET(request: Request): Promise<Response> {
  const m = metrics();
  const token = m ? metricsToken() : null;
  if (!m || !token || !bearerMatches(request.headers.get("authorization"), token)) return apiNotFound();
  await readOutbox(m);
  return new Response(await m.registry.metrics(), {
    headers: { "Content-Type": m.registry.contentType, "Cache-Control": "no-store" },
  });
}

/** The outbox is read at scrape time: every instance reports the shared store's backlog. */
async function readOutbox(m: Metrics): Promise<void> {
  try {
    const backlog = await outboxBacklog(await dashboardDb());
    for (const { id } of loadConnections()) {
      const row = backlog.find((entry) => entry.connectionId === id);
      m.outboxDepth.set({ connection: id }, row?.waiting ?? 0);
      m.outboxOldest.set({ connection: id }, row?.oldest ? Math.max(0, (Date.now() - row.oldest.getTime()) / 1000) : 0);
    }
  } catch (error) {
    logger().warn({ kind: "metrics", error: errorSummary(error) }, "the outbox could not be read for the metrics");
  }
}

export const dynamic = "force-dynamic";
