/**
 * Next.js calls `register` once per server process, and `onRequestError` for an error no page or
 * action answered. The work is the Node.js server's (lib/ops/server-start.ts); the condition is one
 * the build resolves, so the Edge build of this file imports none of it. Not during `next build`.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build")
    await (await import("@/lib/ops/server-start")).startServer();
}

export async function onRequestError(
  error: unknown,
  request: { path: string; method: string },
  context: { routePath: string; routeType: string },
): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs")
    await (await import("@/lib/ops/server-start")).logRequestError(error, request, context);
}
