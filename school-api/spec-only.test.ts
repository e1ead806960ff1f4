import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Halqa, Student } from "@/lib/contract";
import { createV1Client } from "@/lib/v1";
import { openDatabase, type Database } from "./db/client";
import { startSchoolApiServer, type RunningServer } from "./node-server";
import { createSchoolApi } from "./runtime";
import { seedDemo } from "./seed/demo";
import { VENDOR_FIELDS } from "./spec-only";
import { DEMO_KEYS } from "./seed/demo-facts";

const KEY = DEMO_KEYS.alnoorAdmin;
let database: Database;
let specOnly: RunningServer;
let strict: RunningServer;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await seedDemo(database.db);
  specOnly = await startSchoolApiServer({
    api: createSchoolApi(database, { filters: "spec-only", rateLimitPerMinute: 0 }),
  });
  strict = await startSchoolApiServer({ api: createSchoolApi(database, { filters: "strict", rateLimitPerMinute: 0 }) });
}, 120_000);
afterAll(async () => {
  await specOnly?.close();
  await strict?.close();
  await database?.close();
});

async function get<T>(server: RunningServer, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${KEY}`, accept: "application/json" },
  });
  return { status: response.status, body: (await response.json()) as T };
}

type Page<T> = { data: T[]; pagination: { next_cursor: string | null; has_more: boolean } };

describe("SCHOOL_API_FILTERS=spec-only, over HTTP", () => {
  it("ignores filter names the spec does not give, and limit, instead of refusing them", async () => {
    const { body: halqas } = await get<Page<Halqa>>(strict, "/halqas");
    const halqa = halqas.data[0]!;
    const refused = await get(strict, `/students?halqa_id=${halqa.id}&limit=5&nonsense=1`);
    expect(refused.status).toBe(400);

    const { status, body } = await get<Page<Student>>(specOnly, `/students?halqa_id=${halqa.id}&limit=5&nonsense=1`);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(5);
    expect(body.data.some((student) => student.halqa_id !== halqa.id)).toBe(true);
  });

  it("honours the spec's names: status, and its cursor across pages", async () => {
    const first = await get<Page<Student>>(specOnly, "/students?status=active&semester_id=whatever");
    expect(first.status).toBe(200);
    expect(first.body.pagination.has_more).toBe(true);
    const next = await get<Page<Student>>(
      specOnly,
      `/students?status=active&semester_id=other&cursor=${encodeURIComponent(first.body.pagination.next_cursor!)}`,
    );
    expect(next.status).toBe(200);
    const all = [...first.body.data, ...next.body.data];
    expect(all.every((student) => student.status === "active")).toBe(true);
    expect(new Set(all.map((student) => student.id)).size).toBe(all.length);
  });

  it("adds unknown fields to every record it returns, lists and single resources alike", async () => {
    const { body: list } = await get<Page<Record<string, unknown>>>(specOnly, "/sessions");
    for (const record of list.data) expect(record).toMatchObject(VENDOR_FIELDS);
    const { body: one } = await get<{ data: Record<string, unknown> }>(specOnly, "/school");
    expect(one.data).toMatchObject(VENDOR_FIELDS);
    const { body: plain } = await get<{ data: Record<string, unknown> }>(strict, "/school");
    expect(plain.data).not.toHaveProperty("x_vendor_note");
  });

  it("the client parses such records and, re-checking them, lists what the strict API lists", async () => {
    const { body: halqas } = await get<Page<Halqa>>(strict, "/halqas");
    const halqa = halqas.data[0]!;
    const query = { halqa_id: halqa.id, limit: 100 };
    const [fromSpecOnly, fromStrict] = await Promise.all(
      [specOnly, strict].map((server) =>
        createV1Client({ baseUrl: server.url, apiKey: KEY }).listAll("listStudents", { query }),
      ),
    );
    expect(fromSpecOnly!.items.length).toBeGreaterThan(0);
    expect(fromSpecOnly!.items).toEqual(fromStrict!.items);
    expect(fromSpecOnly!.items[0]).not.toHaveProperty("x_vendor_note");
  });
});
