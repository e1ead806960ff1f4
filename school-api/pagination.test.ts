import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { paginate } from "./pagination";

type Rec = { id: string; version: number };

/** A traversal over a live table: between pages, records are updated, created and deleted. */
async function traverse(table: Map<string, Rec>, limit: number, churn: (page: number) => void) {
  const seen: string[] = [];
  let cursor: string | undefined;
  let page = 0;
  const watermarks = new Set<string>();
  do {
    const result = await paginate<Rec>({
      school: "sch_a",
      scope: "test",
      query: { limit, cursor, status: "x" },
      now: new Date(Date.UTC(2026, 0, 1, 0, 0, page)),
      key: (row) => row.id,
      withWatermark: true,
      fetchAfter: async (after, n) =>
        [...table.values()]
          .filter((row) => after === null || row.id > after)
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .slice(0, n),
    });
    seen.push(...result.data.map((row) => row.id));
    watermarks.add(result.pagination.sync_watermark ?? "none");
    cursor = result.pagination.next_cursor ?? undefined;
    expect(result.pagination.has_more).toBe(cursor !== undefined);
    churn(page++);
  } while (cursor);
  return { seen, watermarks };
}

describe("cursor pagination", () => {
  it("never skips or repeats a record that exists throughout the traversal", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.string({ minLength: 1, maxLength: 6, unit: fc.constantFrom("a", "b", "c", "d", "_", "0", "9") }),
          { maxLength: 60 },
        ),
        fc.integer({ min: 1, max: 10 }),
        fc.array(
          fc.tuple(fc.constantFrom("update", "create", "delete"), fc.nat(), fc.string({ minLength: 1, maxLength: 6 })),
          { maxLength: 40 },
        ),
        async (ids, limit, ops) => {
          const table = new Map(ids.map((id) => [id, { id, version: 0 }]));
          const stable = new Set(ids);
          const { seen, watermarks } = await traverse(table, limit, (page) => {
            for (const [op, n, newId] of ops.slice(page * 3, page * 3 + 3)) {
              const existing = [...table.keys()];
              const target = existing[n % Math.max(existing.length, 1)];
              if (op === "update" && target) table.set(target, { id: target, version: 1 });
              if (op === "create" && !table.has(`new${newId}`))
                table.set(`new${newId}`, { id: `new${newId}`, version: 0 });
              if (op === "delete" && target) {
                table.delete(target);
                stable.delete(target);
              }
            }
          });
          expect(new Set(seen).size).toBe(seen.length);
          for (const id of stable) expect(seen).toContain(id);
          expect(watermarks.size).toBe(1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("rejects a tampered cursor and a cursor reused with other filters", async () => {
    const table = new Map(["a", "b", "c"].map((id) => [id, { id, version: 0 }]));
    const run = (query: Record<string, unknown>, school = "sch_a") =>
      paginate<Rec>({
        school,
        scope: "test",
        query,
        now: new Date(),
        key: (r) => r.id,
        fetchAfter: async (after, n) => [...table.values()].filter((r) => !after || r.id > after).slice(0, n),
      });
    const first = await run({ limit: 1, status: "x" });
    const cursor = first.pagination.next_cursor!;
    await expect(run({ limit: 1, status: "x", cursor })).resolves.toBeDefined();
    await expect(run({ limit: 1, status: "y", cursor })).rejects.toBeInstanceOf(ApiError);
    // Issue 30.9: another school's key cannot continue this school's traversal.
    await expect(run({ limit: 1, status: "x", cursor }, "sch_b")).rejects.toMatchObject({ code: "bad_request" });
    const [payload, signature] = cursor.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), k: "z" }),
    ).toString("base64url");
    await expect(run({ limit: 1, status: "x", cursor: `${forged}.${signature}` })).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(run({ limit: 1, status: "x", cursor: "garbage" })).rejects.toMatchObject({ code: "bad_request" });
  });
});
