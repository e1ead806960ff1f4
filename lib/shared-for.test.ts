import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sharedFor } from "./shared-for";

describe("sharedFor", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("computes once for a key within the time, and again after it", async () => {
    const shared = sharedFor<number>(60_000);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await shared("a", compute)).toBe(1);
    vi.advanceTimersByTime(59_999);
    expect(await shared("a", compute)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await shared("a", compute)).toBe(2);
  });

  it("keeps keys apart, and requests during a computation wait for that one", async () => {
    const shared = sharedFor<string>(60_000);
    let release!: (value: string) => void;
    const slow = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const first = shared("school-1", slow);
    const second = shared("school-1", slow);
    expect(await shared("school-2", async () => "other")).toBe("other");
    release("figures");
    expect(await Promise.all([first, second])).toEqual(["figures", "figures"]);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed computation, so the next request tries again", async () => {
    const shared = sharedFor<number>(60_000);
    await expect(shared("a", () => Promise.reject(new Error("store closed")))).rejects.toThrow("store closed");
    expect(await shared("a", async () => 7)).toBe(7);
  });

  it("computes again an entry made under another stamp, in its place", async () => {
    const shared = sharedFor<number>(60_000, 2);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await shared("a", compute, "v1")).toBe(1);
    expect(await shared("a", compute, "v1")).toBe(1);
    expect(await shared("a", compute, "v2")).toBe(2);
    expect(await shared("b", compute)).toBe(3);
    // "a" was replaced, not added: two keys, so "b" is still there.
    expect(await shared("b", compute)).toBe(3);
    expect(await shared("a", compute, "v2")).toBe(2);
  });

  it("starts over past its number of keys", async () => {
    const shared = sharedFor<number>(60_000, 2);
    let runs = 0;
    const compute = async () => ++runs;
    await shared("a", compute);
    await shared("b", compute);
    await shared("c", compute);
    expect(await shared("a", compute)).toBe(4);
  });
});
