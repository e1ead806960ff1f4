import { describe, expect, it } from "vitest";
import { guardKey, VersionGuard } from "./version-guard";

describe("VersionGuard", () => {
  it("accepts the same or a higher version, refuses an older one", () => {
    const guard = new VersionGuard();
    expect(guard.accept("k", 5)).toBe(true);
    expect(guard.accept("k", 5)).toBe(true);
    expect(guard.accept("k", 4)).toBe(false);
    expect(guard.accept("k", 9)).toBe(true);
    expect(guard.accept("other", 1)).toBe(true);
  });

  it("forgets the least recently written keys beyond its capacity", () => {
    const guard = new VersionGuard(2);
    guard.accept("a", 10);
    guard.accept("b", 10);
    guard.accept("a", 11);
    guard.accept("c", 10); // evicts b
    expect(guard.accept("a", 1)).toBe(false);
    expect(guard.accept("b", 1)).toBe(true);
  });

  it("runs tasks of one key one after another, also after a failure, and others concurrently", async () => {
    const guard = new VersionGuard();
    const order: string[] = [];
    let open!: () => void;
    const gate = { promise: new Promise<void>((resolve) => (open = resolve)), resolve: () => open() };
    const first = guard.serialize("s", async () => {
      order.push("1 start");
      await gate.promise;
      order.push("1 end");
      throw new Error("boom");
    });
    const second = guard.serialize("s", async () => {
      order.push("2");
      return 2;
    });
    const elsewhere = guard.serialize("t", async () => {
      order.push("t");
      return "t";
    });
    await elsewhere;
    expect(order).toEqual(["1 start", "t"]);
    gate.resolve();
    await expect(first).rejects.toThrow("boom");
    await expect(second).resolves.toBe(2);
    expect(order).toEqual(["1 start", "t", "1 end", "2"]);
  });

  it("builds keys that cannot collide through the separator", () => {
    expect(guardKey("a|b", "c")).not.toBe(guardKey("a", "b|c"));
  });
});
