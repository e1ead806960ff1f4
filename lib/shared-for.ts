import { recordsVersion } from "@/lib/db/changes";

type Shared<T> = (key: string, compute: () => Promise<T>, stamp?: string) => Promise<T>;

/**
 * A value computed at most once per `ttlMs` for each key in this process and shared by the requests
 * meanwhile: the school-wide figures of the admin's overview and Today (docs/scale.md). The entry is
 * the computation's promise, so requests that arrive while it runs wait for that one; a failed
 * computation is forgotten at once, so the next request tries again. An entry made under another
 * `stamp` (a version of what it was computed from) is computed again and replaced. Keys are few (a
 * school and a day, give or take), and past `maxKeys` the cache starts over.
 */
export function sharedFor<T>(ttlMs: number, maxKeys = 100): Shared<T> {
  const entries = new Map<string, { expires: number; stamp: string; value: Promise<T> }>();
  return (key, compute, stamp = "") => {
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now() && hit.stamp === stamp) return hit.value;
    const value = compute();
    if (!hit && entries.size >= maxKeys) entries.clear();
    entries.set(key, { expires: Date.now() + ttlMs, stamp, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}

/**
 * A school's figures (the admin's overview, the school-wide attention list): `sharedFor` a minute,
 * keyed by the connection and `parts` (tenant, day, …), and stamped with this process's count of
 * changes to the connection's records (lib/db/changes.ts), so they are computed again at once after
 * this server wrote them, and within the minute after another did.
 */
export function schoolWide<T>(): (connectionId: string, parts: unknown[], compute: () => Promise<T>) => Promise<T> {
  const shared = sharedFor<T>(60_000);
  return (connectionId, parts, compute) =>
    shared(JSON.stringify([connectionId, ...parts]), compute, String(recordsVersion(connectionId)));
}
