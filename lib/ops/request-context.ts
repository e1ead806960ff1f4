import { AsyncLocalStorage } from "node:async_hooks";

/** What every log line of a request carries: ids only (README "Logs: what a line may contain"). */
export type RequestContext = { requestId: string; userId?: string; connectionId?: string };

// One store per process: Next.js bundles this module into several chunks (instrumentation, routes).
const KEY = Symbol.for("halqa-dashboard.request-context");
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestContext>());

/**
 * Called where Node announces a request (lib/security/peer-stamp.ts), before Next.js sees it: the
 * context then follows the request through every await of its render, action or route.
 */
export function enterRequest(context: RequestContext): void {
  storage.enterWith(context);
}

export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Once the person is known (lib/auth/session.ts), the rest of the request's lines name them by id. */
export function noteActor(userId: string, connectionId: string): void {
  const context = storage.getStore();
  if (!context) return;
  context.userId = userId;
  context.connectionId = connectionId;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A proxy's X-Request-Id, when it is one we can safely echo; else null and a new id is made. */
export function acceptableRequestId(value: string | string[] | undefined): string | null {
  return typeof value === "string" && REQUEST_ID.test(value) ? value : null;
}
