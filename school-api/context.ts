import type { z } from "zod";
import type { EndpointName, Endpoints, ResponseOf } from "@/lib/contract";
import type { Db } from "./db/client";
import type { apiKeys, schools } from "./db/schema";
import type { ReadCache } from "./read-cache";

export type SchoolRow = typeof schools.$inferSelect;
export type KeyRow = typeof apiKeys.$inferSelect;

/** What every handler gets: the tenant resolved from the key, and a database scoped by nothing else. */
export type Context = {
  db: Db;
  school: SchoolRow;
  key: KeyRow;
  now: Date;
  /** Set on reads that may be served from the process's list cache (PGlite, GET, no `Cache-Control: no-cache`). */
  reads?: ReadCache;
};

export type Input<N extends EndpointName> = {
  params: Record<string, string>;
  query: z.output<Endpoints[N]["query"]>;
  body: Endpoints[N] extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
};

export type Handler<N extends EndpointName> = (ctx: Context, input: Input<N>) => Promise<ResponseOf<N>>;
export type Handlers = { [N in EndpointName]: Handler<N> };
