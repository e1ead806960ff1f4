/**
 * The Node.js server's start (instrumentation.ts calls it in the Node.js runtime only, so the Edge
 * build of instrumentation.ts never reaches these modules). Refuses a configuration that cannot work
 * or is unsafe (lib/ops/config-check.ts). Stamps each request with its socket address and its id
 * (lib/security/peer-stamp.ts). Starts the background jobs, all listed in lib/jobs/jobs.ts: the plan
 * sync (an incremental cycle per school connection every PLAN_SYNC_INTERVAL_MINUTES, default 15; 0
 * turns it off; first 30 s after start and not before 15 s after the stores are open, warmed up in
 * the background at start), the progress sync and the messages to families.
 */
export async function startServer(): Promise<void> {
  const { logger } = await import("@/lib/ops/log");
  const { configurationProblems } = await import("@/lib/ops/config-check");
  const problems = configurationProblems();
  if (problems.length > 0) {
    for (const problem of problems) logger().fatal({ kind: "config" }, problem);
    process.exit(1);
  }
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) (await import("@/lib/ops/tracing-setup")).registerTracing();
  const { installPeerStamp } = await import("@/lib/security/peer-stamp");
  installPeerStamp();
  const { startJobs } = await import("@/lib/jobs/jobs");
  startJobs({ ready: warmUp() });
}

/**
 * Opens the stores (and seeds the embedded demo school) now, in the background, rather than on the
 * first page or inside the first sync cycle: a first page then never waits behind a cycle that is
 * paying for start-up, and the cycle itself (which waits for this) measures only its own work.
 * A failure is left to the first request that needs the store, which reports it.
 */
function warmUp(): Promise<unknown> {
  const work: Promise<unknown>[] = [import("@/lib/db").then(({ dashboardDb }) => dashboardDb())];
  const embedded = import("@/lib/connections").then(async ({ isEmbeddedMode }) => {
    if (!isEmbeddedMode()) return;
    // The database only: the router is built by the first request that needs it (see runtime.ts).
    const { embeddedSchoolDatabase } = await import("@/school-api");
    await embeddedSchoolDatabase();
  });
  work.push(embedded);
  const all = Promise.all(work);
  all.catch(() => undefined);
  return all;
}

/**
 * An error no page or action answered (Next.js prints its own line too): logged by kind and code
 * with the route and the request's id, never its message (README "Logs").
 */
export async function logRequestError(
  error: unknown,
  request: { path: string; method: string },
  context: { routePath: string; routeType: string },
): Promise<void> {
  const { logger } = await import("@/lib/ops/log");
  const { errorSummary } = await import("@/lib/security/log-safe");
  logger().error(
    {
      kind: "request_error",
      route: context.routePath,
      routeType: context.routeType,
      method: request.method,
      error: errorSummary(error),
    },
    "unhandled error",
  );
}
