import { describe, expect, it } from "vitest";
import { createReadCache, invalidateReads } from "./read-cache";

const query = (sql: string, ...params: unknown[]) => ({ toSQL: () => ({ sql, params }) });

describe("read cache", () => {
  it("serves the same query from memory until the next write", async () => {
    const cache = createReadCache();
    let loads = 0;
    const load = async () => [{ n: ++loads }];
    expect(await cache.rows(query("select", 1), load)).toEqual([{ n: 1 }]);
    expect(await cache.rows(query("select", 1), load)).toEqual([{ n: 1 }]);
    invalidateReads();
    expect(await cache.rows(query("select", 1), load)).toEqual([{ n: 2 }]);
  });

  it("keys on the SQL and every parameter", async () => {
    const cache = createReadCache();
    let loads = 0;
    const load = async () => [++loads];
    await cache.rows(query("select", "school-a"), load);
    expect(await cache.rows(query("select", "school-b"), load)).toEqual([2]);
    expect(await cache.rows(query("select other", "school-a"), load)).toEqual([3]);
    expect(await cache.rows(query("select", "school-a"), load)).toEqual([1]);
  });

  it("never serves a page read while a write was committing", async () => {
    const cache = createReadCache();
    let release!: () => void;
    const slow = cache.rows(
      query("select"),
      () => new Promise<string[]>((resolve) => (release = () => resolve(["before the write"]))),
    );
    invalidateReads(); // the write ends while the read is in flight
    release();
    expect(await slow).toEqual(["before the write"]);
    expect(await cache.rows(query("select"), async () => ["after the write"])).toEqual(["after the write"]);
  });

  it("drops the oldest pages beyond its size", async () => {
    const cache = createReadCache(2);
    let loads = 0;
    const load = async () => [++loads];
    await cache.rows(query("a"), load);
    await cache.rows(query("b"), load);
    await cache.rows(query("c"), load);
    expect(await cache.rows(query("b"), load)).toEqual([2]);
    expect(await cache.rows(query("a"), load)).toEqual([4]);
  });
});
