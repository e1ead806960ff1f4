import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { V1Client } from "@/lib/v1";
import { student } from "@/tests/support/v1/fake-api";
import { decodePosition, encodePosition, pageOfList, windowOf } from "./paging";

type Record = ReturnType<typeof student>;

/**
 * A school's API over `records`: pages of `apiPage` (it ignores `limit` and every filter but the
 * cursor, like a real school that honours only what the spec names), with opaque cursors.
 */
function fakeClient(records: Record[], apiPage: number): { client: V1Client; calls: () => number } {
  let calls = 0;
  const call = async (_name: string, args?: { query?: { cursor?: string } }) => {
    calls += 1;
    const start = args?.query?.cursor ? Number(Buffer.from(args.query.cursor, "base64url").toString()) : 0;
    const data = records.slice(start, start + apiPage);
    const end = start + data.length;
    const more = end < records.length;
    return {
      data,
      pagination: { next_cursor: more ? Buffer.from(String(end)).toString("base64url") : null, has_more: more },
    };
  };
  return { client: { call } as unknown as V1Client, calls: () => calls };
}

const school = (flags: boolean[]) =>
  flags.map((inHalqa, i) => ({ ...student(i + 1), halqa_id: inHalqa ? "hal_1" : "hal_2" }));

describe("windowOf: pages on the API's cursors", () => {
  it("following `next` shows every matching record once, in the API's order, whatever the page sizes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 4 }),
        async (flags, apiPage, size, maxCalls) => {
          const records = school(flags);
          const { client } = fakeClient(records, apiPage);
          const seen: string[] = [];
          let after: string | undefined;
          for (let round = 0; round < 200; round++) {
            const window = await windowOf(
              client,
              "listStudents",
              { query: { halqa_id: "hal_1" } },
              { after, size, maxCalls },
            );
            expect(window.items.length).toBeLessThanOrEqual(size);
            seen.push(...window.items.map((item) => item.id));
            if (window.next === null) break;
            after = window.next;
          }
          // The filter the API ignored is applied by the records' own field.
          expect(seen).toEqual(records.filter((record) => record.halqa_id === "hal_1").map((record) => record.id));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a long read cut at any record continues from that record", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { maxLength: 40 }),
        fc.integer({ min: 1, max: 9 }),
        fc.nat(45),
        async (flags, apiPage, cut) => {
          const { client } = fakeClient(school(flags), apiPage);
          const args = { query: { halqa_id: "hal_1" } };
          const whole = await windowOf(client, "listStudents", args, { size: Number.MAX_SAFE_INTEGER, maxCalls: 100 });
          const token = whole.at(cut);
          const rest =
            token === null
              ? []
              : (await windowOf(client, "listStudents", args, { after: token, size: 1000, maxCalls: 100 })).items;
          expect(rest.map((item) => item.id)).toEqual(whole.items.slice(cut).map((item) => item.id));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("never reads more API pages than allowed, and says when it stopped early", async () => {
    const records = school(Array.from({ length: 50 }, (_, i) => i >= 45));
    const { client, calls } = fakeClient(records, 5);
    const window = await windowOf(client, "listStudents", { query: { halqa_id: "hal_1" } }, { size: 10, maxCalls: 3 });
    expect(calls()).toBe(3);
    expect(window).toMatchObject({ items: [], scanned: 15, stoppedEarly: true });
    expect(window.next).not.toBeNull();
  });

  it("applies `keep` (who may see a record, a name search) like a filter", async () => {
    const records = school(Array.from({ length: 12 }, () => true));
    const { client } = fakeClient(records, 4);
    const window = await windowOf(
      client,
      "listStudents",
      { query: {} },
      { size: 3, maxCalls: 5, keep: (item) => item.full_name.endsWith("1") },
    );
    expect(window.items.map((item) => item.full_name)).toEqual(["Student 1", "Student 11"]);
    expect(window.next).toBeNull();
  });
});

describe("positions and numbered pages", () => {
  it("a position survives the URL; anything else reads as the first page", () => {
    expect(decodePosition(encodePosition({ cursor: "abc", skip: 3 }))).toEqual({ cursor: "abc", skip: 3 });
    for (const bad of [
      undefined,
      "",
      "%%%",
      Buffer.from("[1,2]").toString("base64url"),
      Buffer.from('["x",-1]').toString("base64url"),
      Buffer.from("{}").toString("base64url"),
    ]) {
      expect(decodePosition(bad)).toEqual({ cursor: null, skip: 0 });
    }
  });

  it("pages of a bounded list carry their total and stay within range", () => {
    const items = Array.from({ length: 51 }, (_, i) => i);
    expect(pageOfList(items, 2, 50)).toEqual({ items: [50], page: 2, pages: 2, total: 51 });
    expect(pageOfList(items, 9, 50).page).toBe(2);
    expect(pageOfList([], 1, 50)).toEqual({ items: [], page: 1, pages: 1, total: 0 });
  });
});
