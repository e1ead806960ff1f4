import { randomUUID } from "node:crypto";

/** A tiny v1 client for setting up bench data over HTTP, as any client would. Fails loudly. */
export type V1 = {
  get<T>(path: string, query?: Record<string, string | number | boolean>): Promise<T>;
  send<T>(method: "POST" | "PUT" | "PATCH", path: string, body: unknown, expected: number): Promise<T>;
  list<T>(path: string, query?: Record<string, string | number | boolean>): Promise<T[]>;
};

type Page<T> = { data: T[]; pagination?: { next_cursor: string | null; has_more: boolean } };

export function v1Client(origin: string, key: string, signal: AbortSignal): V1 {
  const headers = { Authorization: `Bearer ${key}`, Accept: "application/json" };

  async function call<T>(
    method: string,
    path: string,
    init: { query?: Record<string, string | number | boolean>; body?: unknown },
    expected: number,
  ): Promise<T> {
    const url = new URL(`/api/v1${path}`, origin);
    for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, String(value));
    const extra: Record<string, string> = init.body === undefined ? {} : { "Content-Type": "application/json" };
    if (method === "POST") extra["Idempotency-Key"] = randomUUID();
    const response = await fetch(url, {
      method,
      headers: { ...headers, ...extra },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
    });
    const text = await response.text();
    if (response.status !== expected)
      throw new Error(
        `${method} ${url.pathname}${url.search} answered ${response.status}, expected ${expected}: ${text.slice(0, 300)}`,
      );
    return JSON.parse(text) as T;
  }

  return {
    get: (path, query) => call("GET", path, { query }, 200),
    send: (method, path, body, expected) => call(method, path, { body }, expected),
    async list<T>(path: string, query: Record<string, string | number | boolean> = {}) {
      const items: T[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<T> = await call<Page<T>>(
          "GET",
          path,
          { query: { ...query, limit: 100, ...(cursor ? { cursor } : {}) } },
          200,
        );
        items.push(...page.data);
        cursor = page.pagination?.has_more ? page.pagination.next_cursor : null;
      } while (cursor);
      return items;
    },
  };
}
