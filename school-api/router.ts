import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { endpoints, type Endpoint, type EndpointName } from "@/lib/contract";
import type { Db } from "./db/client";
import { idempotencyRecords } from "./db/schema";
import { ApiError, errorResponse } from "./errors";
import type { Context, Handler } from "./context";
import { handlers } from "./handlers";
import { authenticate, authorize, rejectCredentialsInUrl } from "./key-auth";
import { openApiDocument } from "./openapi";
import { RateLimiter, rateLimitHeaders, type RateLimit, type RateState } from "./rate-limit";
import { sharedRateLimiter } from "./shared-rate-limit";
import { apiSecurityHeaders } from "@/lib/security/headers";
import { errorSummary } from "@/lib/security/log-safe";
import { createReadCache, invalidateReads } from "./read-cache";
import { traceCall } from "./trace";
import { idempotencyKeyOf, parseBody, parseQuery, readBody } from "./request";
import { filterModeFromEnv, specOnlyUrl, withVendorFields, type FilterMode } from "./spec-only";
import { logger } from "@/lib/ops/log";

export const API_PREFIX = "/api/v1";
const ID_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** Writes whose handler is a single SQL statement (all or nothing by itself); see handlers/attendance-upsert.ts. */
const SINGLE_STATEMENT_WRITES: ReadonlySet<EndpointName> = new Set(["upsertAttendance"]);

type Route = { name: EndpointName; endpoint: Endpoint; pattern: RegExp; params: string[] };

const routes: Route[] = (Object.entries(endpoints) as [EndpointName, Endpoint][]).map(([name, endpoint]) => {
  const params: string[] = [];
  const source = endpoint.path.replace(/\{(\w+)\}/g, (_, param: string) => {
    params.push(param);
    return "([^/]+)";
  });
  return { name, endpoint, pattern: new RegExp(`^${source}$`), params };
});

function match(path: string, method: string): { route: Route; params: Record<string, string> } {
  const candidates = routes.filter((route) => route.pattern.test(path));
  if (candidates.length === 0) throw new ApiError("not_found", `No endpoint at ${API_PREFIX}${path}`);
  const route = candidates.find((candidate) => candidate.endpoint.method === method);
  if (!route) {
    const allow = candidates.map((candidate) => candidate.endpoint.method).join(", ");
    throw new ApiError("method_not_allowed", `${method} is not allowed here; use ${allow}`, undefined, {
      Allow: allow,
    });
  }
  const values = route.pattern.exec(path)?.slice(1) ?? [];
  const params: Record<string, string> = {};
  route.params.forEach((param, index) => {
    const value = decodeSegment(values[index] ?? "");
    // Ids are opaque; one that cannot exist is simply not found (Surah numbers are checked by their handler).
    if (param === "id" && !ID_SEGMENT.test(value)) throw new ApiError("not_found", "Resource not found");
    params[param] = value;
  });
  return { route, params };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError("not_found", "Resource not found");
  }
}

export type SchoolApiOptions = {
  /** Requests per minute per key when the key sets none; 0 disables the limit. */
  rateLimitPerMinute?: number;
  /** Parse every response with the contract before sending it (tests). */
  validateResponses?: boolean;
  now?: () => Date;
  /** Serve list pages from the process's read cache (only where this process sees every write: PGlite). */
  readCache?: boolean;
  /** Keep the keys' rate buckets in the database, shared by every instance on it (PostgreSQL); else in this process. */
  sharedRateLimits?: boolean;
  /** `spec-only`: ignore query names the spec does not give and add unknown fields to records (default from `SCHOOL_API_FILTERS`). */
  filters?: FilterMode;
};

/** `badQuery`: a query parameter that was not UTF-8 on the wire (lib/security/edge-guard.ts). */
export type RequestInfo = { clientIp: string | null; badQuery?: string | null };

/** What the request got to before it ended: for the log line and the rate-limit headers. */
type Seen = { operation: string; rate: RateState | null };

export function createRouter(db: Db, options: SchoolApiOptions = {}) {
  const perMinute = options.rateLimitPerMinute ?? Number(process.env.SCHOOL_API_RATE_LIMIT_PER_MINUTE ?? 6000);
  const limiter: RateLimit = options.sharedRateLimits ? sharedRateLimiter(db, perMinute) : new RateLimiter(perMinute);
  const now = options.now ?? (() => new Date());
  const reads = options.readCache ? createReadCache() : undefined;
  const specOnly = (options.filters ?? filterModeFromEnv()) === "spec-only";
  const shaped = (payload: unknown) => (specOnly ? withVendorFields(payload) : payload);

  async function run(request: Request, info: RequestInfo, seen: Seen): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    rejectCredentialsInUrl(url);
    if (path === "/openapi.json" && request.method === "GET") return Response.json(openApiDocument());
    const { route, params } = match(path || "/", request.method);
    seen.operation = route.name;
    traceCall(request.headers.get("x-dashboard-request"), route.name);
    // Read before authenticating, so a key pasted into a body is refused as such, whoever sent it.
    const rawBody = route.endpoint.method === "GET" ? null : await readBody(request);
    const at = now();
    const { key, school } = await authenticate(db, request.headers.get("authorization"), at);
    seen.rate = await limiter.take(key.id, key.rateLimitPerMinute, at.getTime());
    authorize(route.endpoint, key, school, info.clientIp);
    const query = parseQuery(route.endpoint, specOnly ? specOnlyUrl(route.endpoint, url) : url, info.badQuery ?? null);
    const idempotencyKey = idempotencyKeyOf(request, route.endpoint);
    const body = rawBody === null ? undefined : parseBody(route.endpoint, request, rawBody);
    const handler = handlers[route.name] as Handler<EndpointName>;
    const input = { params, query, body } as Parameters<typeof handler>[1];
    const ctx: Context = { db, school, key, now: at };

    if (route.endpoint.method === "GET") {
      const fresh = /\bno-cache\b/i.test(request.headers.get("cache-control") ?? "");
      return respond(route, await handler(fresh ? ctx : { ...ctx, reads }, input));
    }
    try {
      // A write that is one statement is atomic on its own: no BEGIN/COMMIT round trips around it.
      if (!idempotencyKey && SINGLE_STATEMENT_WRITES.has(route.name)) return respond(route, await handler(ctx, input));
      return await db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx as unknown as Db };
        if (!idempotencyKey) return respond(route, await handler(txCtx, input));
        return runIdempotent(txCtx, route, idempotencyKey, JSON.stringify([url.pathname, body]), () =>
          handler(txCtx, input),
        );
      });
    } finally {
      invalidateReads();
    }
  }

  function respond(route: Route, payload: unknown): Response {
    if (options.validateResponses) {
      const checked = route.endpoint.response.safeParse(payload);
      if (!checked.success) throw new Error(`Response of ${route.name} breaks the contract: ${checked.error.message}`);
    }
    return Response.json(shaped(payload), { status: route.endpoint.status });
  }

  /** Same key and body: the first response again. Same key, other body: 409. Stored in the write's transaction. */
  async function runIdempotent(
    ctx: Context,
    route: Route,
    idemKey: string,
    fingerprint: string,
    execute: () => Promise<unknown>,
  ): Promise<Response> {
    const requestHash = createHash("sha256").update(`${route.name}\n${fingerprint}`).digest("hex");
    const [previous] = await ctx.db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.schoolId, ctx.school.id), eq(idempotencyRecords.idempotencyKey, idemKey)));
    if (previous) {
      if (previous.requestHash !== requestHash) {
        throw new ApiError("conflict", "This Idempotency-Key was already used for a different request", {
          idempotency_key: idemKey,
        });
      }
      return Response.json(shaped(previous.responseBody), {
        status: previous.responseStatus,
        headers: { "Idempotent-Replayed": "true" },
      });
    }
    const payload = await execute();
    await ctx.db.insert(idempotencyRecords).values({
      schoolId: ctx.school.id,
      idempotencyKey: idemKey,
      operation: route.name,
      requestHash,
      responseStatus: route.endpoint.status,
      responseBody: payload as object,
    });
    return respond(route, payload);
  }

  async function answer(request: Request, info: RequestInfo, seen: Seen): Promise<Response> {
    try {
      return await run(request, info, seen);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      if (isUniqueViolation(error))
        return errorResponse(
          new ApiError("conflict", "The request conflicts with a concurrent change; read the resource and try again"),
        );
      // Ids and codes only: a database error's message holds the SQL parameters (names, notes).
      logger().error(
        { kind: "school_api", operation: seen.operation, error: errorSummary(error) },
        "school-api: unexpected error",
      );
      return errorResponse(
        new ApiError("internal_error", "Something went wrong on the server; the request changed nothing"),
      );
    }
  }

  /** Every answer, error or not, carries the security headers and the key's rate-limit state. */
  return async function handle(request: Request, info: RequestInfo = { clientIp: null }): Promise<Response> {
    const seen: Seen = { operation: "(no route)", rate: null };
    const response = await answer(request, info, seen);
    const extra = { ...apiSecurityHeaders(), ...rateLimitHeaders(seen.rate, limiter.defaultPerMinute) };
    for (const [name, value] of Object.entries(extra))
      if (!response.headers.has(name)) response.headers.set(name, value);
    return response;
  };
}

function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  return typeof cause === "object" && cause !== null && "code" in cause && cause.code === "23505";
}
