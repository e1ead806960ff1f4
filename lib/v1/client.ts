import "server-only";
import { endpoints, keepMatching, type EndpointName, type School } from "@/lib/contract";
import { createV1Fetch, type V1FetchOptions } from "./fetch";
import { traverse } from "./paginate";
import type { ArgsTuple, CallArgs, ItemOf, Page, PaginatedName, ResultOf } from "./types";

export type V1ClientOptions = V1FetchOptions;

export type V1Client = {
  /** One operation of the endpoint table; single envelopes are unwrapped to their resource. */
  call<N extends EndpointName>(name: N, ...args: ArgsTuple<N>): Promise<ResultOf<N>>;
  /**
   * Every page of a collection, following `next_cursor` until `has_more` is false. Each page keeps
   * only the records whose own fields match the filters and path sent (lib/contract/list-checks.ts),
   * so a page may be shorter than `limit`, or empty, while more follow.
   */
  pages<N extends PaginatedName>(name: N, ...args: ArgsTuple<N>): AsyncGenerator<Page<ItemOf<N>>, void, undefined>;
  /** Every item of a collection, across pages. */
  paginate<N extends PaginatedName>(name: N, ...args: ArgsTuple<N>): AsyncGenerator<ItemOf<N>, void, undefined>;
  /** A complete traversal in memory: the items and the watermark for the next `updated_after` cycle. */
  listAll<N extends PaginatedName>(
    name: N,
    ...args: ArgsTuple<N>
  ): Promise<{ items: ItemOf<N>[]; syncWatermark: string | null }>;
  /** The school attached to the key (`GET /school`), fetched once per client; a failure is not remembered. */
  tenant(): Promise<School>;
};

export function createV1Client(options: V1ClientOptions): V1Client {
  const v1Fetch = createV1Fetch(options);

  async function call<N extends EndpointName>(name: N, ...rest: ArgsTuple<N>): Promise<ResultOf<N>> {
    const args: Partial<CallArgs<N>> = rest[0] ?? {};
    const endpoint = endpoints[name];
    const envelope = await v1Fetch({
      operation: name,
      method: endpoint.method,
      path: expandPath(endpoint.path, args.params),
      query: toSearchParams(args.query),
      body: args.body,
      idempotencyKey: args.idempotencyKey,
      schema: endpoint.response,
      signal: args.signal,
      timeoutMs: args.timeoutMs,
    });
    const { data, pagination } = envelope as { data: unknown; pagination?: unknown };
    return (pagination === undefined ? data : { data, pagination }) as ResultOf<N>;
  }

  function pages<N extends PaginatedName>(
    name: N,
    ...rest: ArgsTuple<N>
  ): AsyncGenerator<Page<ItemOf<N>>, void, undefined> {
    const args: Partial<CallArgs<N>> = rest[0] ?? {};
    const fetchPage = async (cursor: string | undefined) => {
      const query = { ...args.query, cursor: cursor ?? args.query?.cursor };
      const page = (await call(name, ...([{ ...args, query }] as ArgsTuple<N>))) as Page<ItemOf<N>>;
      // A real school's API may ignore a filter name the spec does not give (invariant 7).
      return { ...page, data: keepMatching(name, args, page.data) };
    };
    return traverse(name, fetchPage);
  }

  async function* paginate<N extends PaginatedName>(
    name: N,
    ...rest: ArgsTuple<N>
  ): AsyncGenerator<ItemOf<N>, void, undefined> {
    for await (const page of pages(name, ...rest)) yield* page.data;
  }

  async function listAll<N extends PaginatedName>(name: N, ...rest: ArgsTuple<N>) {
    const items: ItemOf<N>[] = [];
    let syncWatermark: string | null = null;
    for await (const page of pages(name, ...rest)) {
      // The first page's watermark is the traversal's: anything changed after it started is caught next cycle.
      syncWatermark ??= page.pagination.sync_watermark ?? null;
      items.push(...page.data);
    }
    return { items, syncWatermark };
  }

  let school: Promise<School> | null = null;
  function tenant(): Promise<School> {
    school ??= call("getSchool").catch((error: unknown) => {
      school = null;
      throw error;
    });
    return school;
  }

  return { call, pages, paginate, listAll, tenant };
}

/** Fills `{name}` segments. Ids are opaque: encoded as given, never inspected. */
export function expandPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === "") throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

export function toSearchParams(query: Record<string, unknown> | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw new TypeError(`Query parameter "${name}" must be a string, number or boolean`);
    }
    search.append(name, String(value));
  }
  return search;
}
