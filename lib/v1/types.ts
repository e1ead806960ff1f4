import "server-only";
import type {
  EndpointName,
  Endpoints,
  ListEndpointName,
  Pagination,
  QueryOf,
  ResponseOf,
  BodyOf,
} from "@/lib/contract";

/** `{id}` segments of a path template, e.g. `"/sessions/{id}/end"` → `"id"`. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** Endpoints whose response carries `pagination`: traversed with `pages`/`paginate`/`listAll`. */
export type PaginatedName = ListEndpointName;

export type ItemOf<N extends PaginatedName> = ResponseOf<N>["data"][number];

export type Page<T> = { data: T[]; pagination: Pagination };

/** What `call` resolves to: the resource of a single envelope, `{data, pagination}` for a page, the array of a bounded collection. */
export type ResultOf<N extends EndpointName> = N extends PaginatedName ? Page<ItemOf<N>> : ResponseOf<N>["data"];

/**
 * Query values as the caller writes them: free-text filters and `limit` may be numbers,
 * `"true"|"false"` filters may be booleans; enumerated filters keep their literal types.
 */
type QueryValue<T> = [T] extends ["true" | "false"] ? T | boolean : string extends T ? T | number : T;
export type QueryArgs<N extends EndpointName> = {
  [K in keyof QueryOf<N>]?: QueryValue<Exclude<QueryOf<N>[K], undefined>>;
};

type ParamsArg<N extends EndpointName> = [ParamNames<Endpoints[N]["path"]>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<Endpoints[N]["path"]>, string | number> };

type BodyArg<N extends EndpointName> = Endpoints[N] extends { body: unknown }
  ? { body: BodyOf<N> }
  : { body?: undefined };

type IdempotencyArg<N extends EndpointName> = Endpoints[N] extends { idempotent: true }
  ? {
      /** Sent as `Idempotency-Key`: the server replays the first result, and the call becomes safe to retry. */
      idempotencyKey?: string;
    }
  : { idempotencyKey?: undefined };

export type CallOptions = {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call (per attempt). */
  timeoutMs?: number;
};

export type CallArgs<N extends EndpointName> = ParamsArg<N> &
  BodyArg<N> &
  IdempotencyArg<N> & { query?: QueryArgs<N> } & CallOptions;

/** Arguments may be left out when none is required. */
export type ArgsTuple<N extends EndpointName> = object extends CallArgs<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>];
