import "server-only";
import { repeatedCursor } from "./errors";
import type { Page } from "./types";

/**
 * Follows opaque cursors until `has_more` is false. A cursor the server hands out twice would loop
 * forever, so it ends the traversal with an error instead.
 */
export async function* traverse<T>(
  operation: string,
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<Page<T>, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield page;
    const next = page.pagination.next_cursor;
    if (!page.pagination.has_more || next === null) return;
    if (seen.has(next)) throw repeatedCursor(operation);
    seen.add(next);
    cursor = next;
  }
}
