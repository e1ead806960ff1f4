/**
 * List pages of the embedded API, kept in process until the next write.
 *
 * On PGlite the database lives inside this one process, so every write passes through here: the
 * router's write transactions and the school's admin operations call `invalidateReads()` when
 * they end, and a page read before that is never served again. A read records the generation it
 * started under, so a page read while a write was committing is stored as already stale.
 * On PostgreSQL other instances may write, so the router does not use this cache there.
 *
 * The key is the SQL text and its parameters, so every filter, the tenant and the page position
 * are part of it. Cached rows are shared between requests: callers map them, never mutate them.
 * A request with `Cache-Control: no-cache` reads the database (the bench measures both).
 */
let generation = 0;

export function invalidateReads(): void {
  generation += 1;
}

export type ReadCache = {
  rows<T>(query: { toSQL(): { sql: string; params: unknown[] } }, load: () => Promise<T[]>): Promise<T[]>;
};

export function createReadCache(maxEntries = 2_000): ReadCache {
  const entries = new Map<string, { generation: number; rows: unknown[] }>();
  return {
    async rows<T>(query: { toSQL(): { sql: string; params: unknown[] } }, load: () => Promise<T[]>): Promise<T[]> {
      const { sql, params } = query.toSQL();
      const key = `${sql}\u0000${JSON.stringify(params)}`;
      const startedUnder = generation;
      const hit = entries.get(key);
      if (hit && hit.generation === startedUnder) return hit.rows as T[];
      const rows = await load();
      entries.delete(key);
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { generation: startedUnder, rows });
      return rows;
    },
  };
}
