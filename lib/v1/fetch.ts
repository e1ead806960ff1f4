import "server-only";
import type { z } from "zod";
import { ErrorBody, type Method } from "@/lib/contract";
import {
  clientMisconfigured,
  errorFromResponse,
  invalidResponse,
  redirected,
  timedOut,
  unreachable,
  type V1Error,
} from "./errors";
import { abortReason, DEFAULT_RETRY, nextDelay, parseRetryAfter, sleep as realSleep, type RetryPolicy } from "./retry";

export type V1FetchOptions = {
  /** `https://school.example` or `https://school.example/api/v1`; `/api/v1` is appended when missing. */
  baseUrl: string;
  apiKey: string;
  /** Per attempt. Default 10 s. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Plain `http://` is refused except on loopback, unless this is set: the key must travel over TLS. */
  allowInsecureHttp?: boolean;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Told of every attempt (metrics, readiness). */
  observe?: (call: V1CallObservation) => void;
};

/** One attempt of a call: its outcome is the HTTP status or the failure code; `answered`: a response came. */
export type V1CallObservation = { operation: string; outcome: string; answered: boolean; seconds: number };

export type V1Request<S extends z.ZodType = z.ZodType> = {
  operation: string;
  method: Method;
  /** Already expanded and encoded, relative to the base URL. */
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  idempotencyKey?: string;
  schema: S;
  signal?: AbortSignal;
  timeoutMs?: number;
};

export type V1Fetch = <S extends z.ZodType>(request: V1Request<S>) => Promise<z.infer<S>>;

export const DEFAULT_TIMEOUT_MS = 10_000;

/** RFC 7235 token68: anything else could not travel in a header, and Headers would echo it in its error. */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function normalizeBaseUrl(raw: string, allowInsecureHttp = false): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw clientMisconfigured("The school API URL is not a valid absolute URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw clientMisconfigured("The school API URL must use https");
  if (url.protocol === "http:" && !allowInsecureHttp && !LOOPBACK.has(url.hostname)) {
    throw clientMisconfigured("The school API URL must use https (plain http is only allowed on this machine)");
  }
  if (url.username || url.password) throw clientMisconfigured("The school API URL must not contain credentials");
  const path = url.pathname.replace(/\/+$/, "");
  return `${url.origin}${path.endsWith("/api/v1") ? path : `${path}/api/v1`}`;
}

/**
 * The one function that holds the school's API key. It lives only in this closure: never in a
 * returned object, an error, or a log line.
 */
export function createV1Fetch(options: V1FetchOptions): V1Fetch {
  const apiKey = options.apiKey.trim();
  if (!apiKey) throw clientMisconfigured("No API key is configured for the school API");
  if (!TOKEN68.test(apiKey))
    throw clientMisconfigured("The school API key has characters a bearer credential cannot contain");
  const baseUrl = normalizeBaseUrl(options.baseUrl, options.allowInsecureHttp);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const wait = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const redact = (text: string) => text.split(apiKey).join("[redacted]");
  const redactDetails = (details: Record<string, unknown> | undefined) =>
    details === undefined ? undefined : (JSON.parse(redact(JSON.stringify(details))) as Record<string, unknown>);

  type Outcome =
    { ok: true; value: unknown; status: number } | { ok: false; error: V1Error; retryAfterMs: number | null };

  async function attempt(request: V1Request): Promise<Outcome> {
    const { operation } = request;
    const timeoutMs = request.timeoutMs ?? defaultTimeout;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers = new Headers({ Accept: "application/json", Authorization: `Bearer ${apiKey}` });
    if (request.body !== undefined) headers.set("Content-Type", "application/json");
    if (request.idempotencyKey !== undefined) headers.set("Idempotency-Key", request.idempotencyKey);
    const search = request.query?.toString();
    const url = `${baseUrl}${request.path}${search ? `?${search}` : ""}`;

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
        redirect: "manual",
        cache: "no-store",
      });
      text = await response.text();
    } catch (cause) {
      if (request.signal?.aborted) throw abortReason(request.signal);
      if (timeout.aborted) {
        return { ok: false, error: timedOut(timeoutMs, operation), retryAfterMs: null };
      }
      const reason = describeCause(cause);
      return { ok: false, error: unreachable(reason ? redact(reason) : null, operation), retryAfterMs: null };
    }

    if (response.status >= 300 && response.status < 400)
      return { ok: false, error: redirected(response.status, operation), retryAfterMs: null };
    if (!response.ok) {
      const parsed = ErrorBody.safeParse(parseJson(text));
      const body = parsed.success
        ? {
            error: {
              ...parsed.data.error,
              message: redact(parsed.data.error.message),
              details: redactDetails(parsed.data.error.details),
            },
          }
        : null;
      const honoursRetryAfter = response.status === 429 || response.status === 503;
      const retryAfterMs = honoursRetryAfter ? parseRetryAfter(response.headers.get("retry-after"), now()) : null;
      const retryAfter = retryAfterMs === null ? null : Math.ceil(retryAfterMs / 1000);
      return {
        ok: false,
        error: errorFromResponse({ status: response.status, body, retryAfter, operation }),
        retryAfterMs,
      };
    }

    const json = parseJson(text);
    if (json === undefined) {
      const error = invalidResponse(
        response.status,
        "The school API answered with something other than JSON",
        operation,
      );
      return { ok: false, error, retryAfterMs: null };
    }
    const result = request.schema.safeParse(json);
    if (!result.success) {
      const issues = result.error.issues
        .slice(0, 10)
        .map((issue) => ({ path: redact(issue.path.map(String).join(".")), message: redact(issue.message) }));
      const message = `The school API response does not match the v1 contract (${issues.map((i) => i.path || "(root)").join(", ")})`;
      const error = invalidResponse(response.status, message, operation, { issues });
      return { ok: false, error, retryAfterMs: null };
    }
    return { ok: true, value: result.data, status: response.status };
  }

  async function observed(request: V1Request): Promise<Outcome> {
    if (!options.observe) return attempt(request);
    const started = performance.now();
    const outcome = await attempt(request);
    const status = outcome.ok ? outcome.status : outcome.error.status;
    const label = status !== null ? String(status) : outcome.ok ? "ok" : outcome.error.code;
    options.observe({
      operation: request.operation,
      outcome: label,
      answered: status !== null,
      seconds: (performance.now() - started) / 1000,
    });
    return outcome;
  }

  return async function v1Fetch<S extends z.ZodType>(request: V1Request<S>): Promise<z.infer<S>> {
    const retryable = request.method === "GET" || request.method === "PUT" || request.idempotencyKey !== undefined;
    for (let attemptNo = 1; ; attemptNo++) {
      const outcome = await observed(request);
      if (outcome.ok) return outcome.value as z.infer<S>;
      const delay = retryable
        ? nextDelay({ error: outcome.error, attempt: attemptNo, retryAfterMs: outcome.retryAfterMs, policy, random })
        : null;
      if (delay === null) throw outcome.error;
      await wait(delay, request.signal);
    }
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A short, key-free reason such as `ECONNREFUSED`; undici puts the useful part in `cause`. */
function describeCause(error: unknown): string | null {
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (inner instanceof Error) {
    const code = (inner as Error & { code?: unknown }).code;
    return typeof code === "string" ? code : inner.message.slice(0, 120);
  }
  return null;
}
