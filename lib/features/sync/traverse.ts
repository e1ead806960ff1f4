import "server-only";
import { keepMatching } from "@/lib/contract";
import { repeatedCursor, type CallArgs, type ItemOf, type Page, type PaginatedName, type V1Client } from "@/lib/v1";

/** What a sync needs of the v1 client (tests inject a wrapper that fails on purpose). */
export type SyncClient = Pick<V1Client, "call">;

/**
 * Every page of a collection through the sync's counting `call`, following `next_cursor`; each
 * page keeps only the records whose own fields match what was asked (invariant 7: `call` itself
 * does not re-check). A repeated cursor is a broken traversal, not a loop.
 */
export async function traverseAll<N extends PaginatedName>(
  call: SyncClient["call"],
  name: N,
  args: CallArgs<N>,
): Promise<{ items: ItemOf<N>[]; watermark: string | null }> {
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
    if (seen.has(next)) throw repeatedCursor(name);
    seen.add(next);
    cursor = next;
  }
}

/** Runs `task` over `items`, at most `limit` at a time; after a failure no new task starts, and the first failure is thrown. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
