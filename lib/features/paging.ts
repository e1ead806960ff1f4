import "server-only";
import { keepMatching, PAGE_LIMIT_MAX } from "@/lib/contract";
import type { V1Client } from "@/lib/v1";
import type { ArgsTuple, CallArgs, ItemOf, Page, PaginatedName } from "@/lib/v1/types";

/** Lists are read 100 a page, the API's maximum: the fewest calls for a list read whole or scanned. */
export const API_PAGE_SIZE = PAGE_LIMIT_MAX;

/**
 * One page of a list that does not grow with the school: the API's own cursors (keyset, in the
 * API's order), read only as far as this page needs, and never more than `maxCalls` requests.
 *
 * Every API page is re-checked by the records' own fields (a real school may ignore filter names
 * the spec does not give, lib/contract/list-checks.ts) and by `keep` (the actor's scope, a name
 * search). A dashboard page may therefore end inside an API page: the position is the API's cursor
 * plus how many matching records of that API page were already shown. The token is opaque to the
 * browser; the API's cursor inside it is taken from a response, never constructed.
 */
export type Window<T> = {
  items: T[];
  /** Where the next page starts, or null when the traversal is complete. */
  next: string | null;
  /** Records the API returned while filling this page (before `keep`). */
  scanned: number;
  /** The page stopped at `maxCalls` before it was full: searching further needs another request. */
  stoppedEarly: boolean;
  /** Where a page starting at `items[index]` starts (`next` past the end): a longer read cut into pages. */
  at(index: number): string | null;
};

type Position = { cursor: string | null; skip: number };

const MAX_CURSOR = 512;
const MAX_SKIP = 1000;

export function encodePosition(position: Position): string {
  return Buffer.from(JSON.stringify([position.cursor, position.skip])).toString("base64url");
}

/** A token from the URL; anything malformed reads as the first page. */
export function decodePosition(token: string | undefined): Position {
  if (!token) return { cursor: null, skip: 0 };
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return { cursor: null, skip: 0 };
    const [cursor, skip] = value as unknown[];
    const validCursor =
      cursor === null || (typeof cursor === "string" && cursor.length > 0 && cursor.length <= MAX_CURSOR);
    const validSkip = typeof skip === "number" && Number.isInteger(skip) && skip >= 0 && skip <= MAX_SKIP;
    return validCursor && validSkip
      ? { cursor: cursor as string | null, skip: skip as number }
      : { cursor: null, skip: 0 };
  } catch {
    return { cursor: null, skip: 0 };
  }
}

export async function windowOf<N extends PaginatedName>(
  client: V1Client,
  name: N,
  args: CallArgs<N>,
  options: { after?: string; size: number; maxCalls: number; keep?: (item: ItemOf<N>) => boolean },
): Promise<Window<ItemOf<N>>> {
  const keep = options.keep ?? (() => true);
  let { cursor, skip } = decodePosition(options.after);
  const items: ItemOf<N>[] = [];
  const marks: Position[] = [];
  let scanned = 0;
  const done = (next: Position | null, stoppedEarly = false): Window<ItemOf<N>> => {
    const token = next && encodePosition(next);
    return {
      items,
      next: token,
      scanned,
      stoppedEarly,
      at: (index) => (index < marks.length ? encodePosition(marks[index]!) : token),
    };
  };
  for (let calls = 0; calls < options.maxCalls; calls++) {
    const query = { ...args.query, ...(cursor ? { cursor } : {}) };
    const page = (await client.call(name, ...([{ ...args, query }] as ArgsTuple<N>))) as Page<ItemOf<N>>;
    scanned += page.data.length;
    const matching = keepMatching(name, args, page.data).filter(keep);
    for (let index = skip; index < matching.length; index++) {
      if (items.length === options.size) return done({ cursor, skip: index });
      items.push(matching[index]!);
      marks.push({ cursor, skip: index });
    }
    skip = 0;
    const nextCursor = page.pagination.has_more ? page.pagination.next_cursor : null;
    if (nextCursor === null || nextCursor === cursor) return done(null);
    cursor = nextCursor;
    if (items.length === options.size) return done({ cursor, skip: 0 });
  }
  return done({ cursor, skip: 0 }, true);
}

/** One page of a list that is held whole (a bounded list: one halqa's students, the school's halqas), by number. */
export function pageOfList<T>(
  items: readonly T[],
  page: number,
  size: number,
): { items: T[]; page: number; pages: number; total: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages, total: items.length };
}

/** `?page=` as a positive integer, 1 when absent or malformed. */
export function pageNumber(value: string | undefined): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 && parsed <= 100_000 ? parsed : 1;
}
