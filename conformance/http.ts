import http from "node:http";
import https from "node:https";
import { expect } from "vitest";
import { base } from "./target";

/** A response read in full, with the request it answered for readable failure messages. */
export type ApiResponse = {
  request: string;
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
};

export type Query = Record<string, string | number | boolean | undefined>;

export type CallOptions = {
  method?: string;
  /** Sent as `Authorization: Bearer <key>`; omitted when undefined. */
  key?: string;
  query?: Query;
  /** Serialized as JSON with `Content-Type: application/json`. */
  body?: unknown;
  /** Sent verbatim; set the content type in `headers`. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Wait and retry on 429 (shared servers); off for the rate-limit tests themselves. */
  retryRateLimited?: boolean;
};

export function urlFor(path: string, query?: Query): string {
  const url = new URL(base() + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function call(path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const url = urlFor(path, options.query);
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, { method, headers, body, redirect: "manual" });
    const text = await response.text();
    if (response.status === 429 && options.retryRateLimited !== false && attempt < 5) {
      const seconds = Number(response.headers.get("retry-after") ?? "1");
      await sleep(Math.min(Number.isFinite(seconds) ? seconds : 1, 30) * 1000);
      continue;
    }
    return { request: `${method} ${url}`, status: response.status, headers: response.headers, text, json: parse(text) };
  }
}

/** A client bound to one key (or none), for terse tests. */
export function as(key: string | undefined) {
  return {
    get: (path: string, query?: Query, headers?: Record<string, string>) => call(path, { key, query, headers }),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call(path, { method: "POST", key, body, headers }),
    patch: (path: string, body: unknown, headers?: Record<string, string>) =>
      call(path, { method: "PATCH", key, body, headers }),
    put: (path: string, body: unknown, headers?: Record<string, string>) =>
      call(path, { method: "PUT", key, body, headers }),
  };
}
export type Client = ReturnType<typeof as>;

export function explain(response: ApiResponse): string {
  return `${response.request} -> ${response.status} ${response.text.slice(0, 600)}`;
}

export function expectStatus(response: ApiResponse, status: number): void {
  expect(response.status, explain(response)).toBe(status);
}

export type ErrorInfo = { code: string; message: string; details?: Record<string, unknown> };

/** Asserts the documented error body `{error: {code, message, details?}}` and returns it. */
export function errorOf(response: ApiResponse): ErrorInfo {
  const body = response.json as { error?: Partial<ErrorInfo> } | undefined;
  expect(body, `error body of ${explain(response)}`).toBeTypeOf("object");
  const error = body?.error;
  expect(error, `error object of ${explain(response)}`).toBeTypeOf("object");
  expect(error?.code, `error.code of ${explain(response)}`).toBeTypeOf("string");
  expect(error?.message, `error.message of ${explain(response)}`).toBeTypeOf("string");
  expect(error?.message?.length, `error.message of ${explain(response)}`).toBeGreaterThan(0);
  if (error?.details !== undefined) expect(error.details, `error.details of ${explain(response)}`).toBeTypeOf("object");
  expect(response.headers.get("content-type") ?? "", explain(response)).toMatch(/application\/json/);
  return error as ErrorInfo;
}

export function expectError(response: ApiResponse, status: number, code: string): ErrorInfo {
  expect(
    { status: response.status, code: (response.json as { error?: { code?: unknown } } | undefined)?.error?.code },
    explain(response),
  ).toEqual({
    status,
    code,
  });
  return errorOf(response);
}

/** A 422 `validation_failed` naming the given field paths in `details.fields`. */
export function expectInvalid(response: ApiResponse, ...paths: string[]): Record<string, string> {
  const error = expectError(response, 422, "validation_failed");
  const fields = (error.details?.fields ?? {}) as Record<string, string>;
  expect(fields, `details.fields of ${explain(response)}`).toBeTypeOf("object");
  for (const path of paths) expect(Object.keys(fields), `details.fields of ${explain(response)}`).toContain(path);
  return fields;
}

export function dataOf<T>(response: ApiResponse, status = 200): T {
  expectStatus(response, status);
  const body = response.json as { data?: T } | undefined;
  expect(body && "data" in body, `envelope of ${explain(response)}`).toBe(true);
  return body?.data as T;
}

export type Page<T> = {
  data: T[];
  pagination: { next_cursor: string | null; has_more: boolean; sync_watermark?: string };
};

export function pageOf<T>(response: ApiResponse): Page<T> {
  expectStatus(response, 200);
  const body = response.json as Page<T>;
  expect(Array.isArray(body?.data), `data array of ${explain(response)}`).toBe(true);
  expect(body.pagination, `pagination of ${explain(response)}`).toBeTypeOf("object");
  return body;
}

/** Follows `next_cursor` to the end; fails on a loop instead of hanging. */
export async function traverse<T>(client: Client, path: string, query: Query = {}, limit = 100) {
  const items: T[] = [];
  const pages: Page<T>[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 5000; i++) {
    const page = pageOf<T>(await client.get(path, { ...query, limit, ...(cursor ? { cursor } : {}) }));
    pages.push(page);
    items.push(...page.data);
    const next = page.pagination.next_cursor;
    expect(page.pagination.has_more, `has_more agrees with next_cursor on ${path}`).toBe(next !== null);
    if (next === null) return { items, pages, watermark: pages[0]?.pagination.sync_watermark };
    expect(next, `cursor must change between pages of ${path}`).not.toBe(cursor);
    cursor = next;
  }
  throw new Error(`traversal of ${path} did not end`);
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

/**
 * A request through node:http, for what fetch cannot send (two `Authorization` headers:
 * fetch merges them into one).
 */
export function rawRequest(
  path: string,
  method: string,
  headers: Record<string, string | string[]>,
  body?: string,
): Promise<RawResponse> {
  const url = new URL(base() + path);
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    });
    for (const [name, value] of Object.entries(headers)) request.setHeader(name, value);
    request.on("error", reject);
    request.end(body);
  });
}
