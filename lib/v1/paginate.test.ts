import { describe, expect, expectTypeOf, it } from "vitest";
import type { Student } from "@/lib/contract";
import { student, TS, type SeenRequest } from "@/tests/support/v1/fake-api";
import { caught, withFakeApi } from "@/tests/support/v1/harness";

const { api, client } = withFakeApi();

const ALL = Array.from({ length: 7 }, (_, i) => student(i + 1));
const LATER = "2025-02-01T00:00:00.000Z";

/** Cursor pages over ALL; the cursor is an opaque token, the watermark belongs to the first page. */
function serveStudents() {
  api().reply((request: SeenRequest) => {
    const limit = Number(request.url.searchParams.get("limit") ?? "3");
    const cursor = request.url.searchParams.get("cursor");
    const start = cursor ? Number(Buffer.from(cursor, "base64url").toString()) : 0;
    const data = ALL.slice(start, start + limit);
    const end = start + data.length;
    const hasMore = end < ALL.length;
    return {
      status: 200,
      json: {
        data,
        pagination: {
          next_cursor: hasMore ? Buffer.from(String(end)).toString("base64url") : null,
          has_more: hasMore,
          sync_watermark: cursor ? LATER : TS,
        },
      },
    };
  });
}

describe("cursor traversal", () => {
  it("paginate yields every item once, in order, across pages", async () => {
    serveStudents();
    const ids: string[] = [];
    for await (const item of client().client.paginate("listStudents", { query: { limit: 3, status: "active" } })) {
      expectTypeOf(item).toEqualTypeOf<Student>();
      ids.push(item.id);
    }
    expect(ids).toEqual(ALL.map((s) => s.id));
    expect(api().requests).toHaveLength(3);
  });

  it("keeps the filters on every page and passes the cursor back untouched", async () => {
    serveStudents();
    for await (const page of client().client.pages("listStudents", { query: { limit: 3, halqa_id: "hal_1" } }))
      void page;
    const queries = api().requests.map((r) => Object.fromEntries(r.url.searchParams));
    expect(queries).toEqual([
      { limit: "3", halqa_id: "hal_1" },
      { limit: "3", halqa_id: "hal_1", cursor: Buffer.from("3").toString("base64url") },
      { limit: "3", halqa_id: "hal_1", cursor: Buffer.from("6").toString("base64url") },
    ]);
  });

  it("pages yields each page with its pagination, sync_watermark included", async () => {
    serveStudents();
    const pages = [];
    for await (const page of client().client.pages("listStudents", { query: { limit: 5 } })) pages.push(page);
    expect(pages.map((p) => p.data.length)).toEqual([5, 2]);
    expect(pages[0]!.pagination).toMatchObject({ has_more: true, sync_watermark: TS });
    expect(pages[1]!.pagination).toMatchObject({ has_more: false, next_cursor: null });
  });

  it("listAll collects everything with the first page's watermark", async () => {
    serveStudents();
    const { items, syncWatermark } = await client().client.listAll("listStudents", {
      query: { limit: 2, updated_after: "2024-12-01T00:00:00.000Z" },
    });
    expect(items.map((s) => s.id)).toEqual(ALL.map((s) => s.id));
    expect(syncWatermark).toBe(TS);
    expect(api().requests).toHaveLength(4);
    expect(api().requests.every((r) => r.url.searchParams.get("updated_after") === "2024-12-01T00:00:00.000Z")).toBe(
      true,
    );
  });

  it("has no watermark for feeds without one", async () => {
    api().reply(() => ({ status: 200, json: { data: [], pagination: { next_cursor: null, has_more: false } } }));
    await expect(client().client.listAll("listSheikhs")).resolves.toEqual({ items: [], syncWatermark: null });
  });

  it("stops consuming when the caller breaks out early", async () => {
    serveStudents();
    for await (const item of client().client.paginate("listStudents", { query: { limit: 3 } })) {
      if (item.id === "stu_0002") break;
    }
    expect(api().requests).toHaveLength(1);
  });

  it("ends with an error instead of looping on a repeated cursor", async () => {
    api().reply(() => ({
      status: 200,
      json: { data: [student(1)], pagination: { next_cursor: "same", has_more: true } },
    }));
    const error = await caught(async () => {
      for await (const page of client().client.pages("listStudents")) void page;
    });
    expect(error).toMatchObject({ code: "invalid_response" });
    expect(api().requests).toHaveLength(2);
  });

  it("fails the traversal when a later page fails", async () => {
    let n = 0;
    api().reply(() =>
      n++ === 0
        ? { status: 200, json: { data: [student(1)], pagination: { next_cursor: "c2", has_more: true } } }
        : {
            status: 400,
            json: { error: { code: "bad_request", message: "The cursor is not valid for this request" } },
          },
    );
    const seen: string[] = [];
    const error = await caught(async () => {
      for await (const item of client().client.paginate("listStudents")) seen.push(item.id);
    });
    expect(seen).toEqual(["stu_0001"]);
    expect(error).toMatchObject({ name: "V1Error", code: "bad_request", status: 400 });
  });
});
