import "server-only";
import { keepMatching } from "@/lib/contract";
import type { SyncClient } from "@/lib/features/plans/sync";
import { V1Error, type CallArgs, type ItemOf, type Page, type PaginatedName } from "@/lib/v1";

/**
 * Every page of a collection through the sync's counting `call`, following `next_cursor`; each
 * page keeps only the records whose own fields match what was asked (invariant 7: `call` itself
 * does not re-check). A repeated cursor is a broken traversal, not a loop.
 */
export async function traverseAll<N extends PaginatedName>(call: SyncClient["call"], name: N, args: CallArgs<N>): Promise<{ items: ItemOf<N>[]; watermark: string | null }> {
  const items: ItemOf<N>[] = [];
  const seen = new Set<string>();
  let watermark: string | null = null;
  let cursor: string | null = null;
  const loose = call as unknown as (name: N, args: CallArgs<N>) => Promise<Page<ItemOf<N>>>;
  for (;;) {
    const query = { ...args.query, ...(cursor ? { cursor } : {}) };
    const page = await loose(name, { ...args, query } as CallArgs<N>);
    if (cursor === null) watermark = page.pagination.sync_watermark ?? null;
    items.push(...keepMatching(name, args, page.data));
    const next = page.pagination.has_more ? page.pagination.next_cursor : null;
    if (next === null) return { items, watermark };
    if (seen.has(next)) throw new V1Error({ code: "invalid_response", status: null, message: "The school API repeated a pagination cursor", operation: name });
    seen.add(next);
    cursor = next;
  }
}
