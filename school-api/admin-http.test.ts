import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "@/lib/contract";
import { handleAdmin } from "./admin-http";
import { openDatabase, type Database } from "./db/client";
import * as t from "./db/schema";
import { createSchoolApi } from "./runtime";
import { seedDemo } from "./seed/demo";
import { DEMO_KEYS, DEMO_SCHOOLS } from "./seed/demo-facts";

const TOKEN = "test-admin-token-0123456789";
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await seedDemo(database.db);
}, 60_000);
afterAll(() => database.close());
afterEach(() => {
  delete process.env.SCHOOL_ADMIN_TOKEN;
});

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/school-admin", {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function errorOf(response: Response) {
  return ErrorBody.parse(await response.json()).error;
}

describe("handleAdmin", () => {
  it("does not exist without SCHOOL_ADMIN_TOKEN", async () => {
    const response = await handleAdmin(post({ op: "list-schools" }), database.db);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("not_found");
  });

  it("refuses a missing or wrong token", async () => {
    process.env.SCHOOL_ADMIN_TOKEN = TOKEN;
    for (const authorization of ["", "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await handleAdmin(post({ op: "list-schools" }, { authorization }), database.db);
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe("invalid_api_key");
    }
  });

  it("runs an operation and answers in the API's envelope", async () => {
    process.env.SCHOOL_ADMIN_TOKEN = TOKEN;
    const response = await handleAdmin(post({ op: "list-schools" }), database.db);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { id: string; name: string }[] };
    const alnoor = data.find((school) => school.name === DEMO_SCHOOLS.alnoor.name)!;

    const [assignment] = await database.db.select().from(t.assignments).where(eq(t.assignments.status, "published"));
    const replaced = await handleAdmin(
      post({ op: "replace-assignment", assignmentId: assignment!.id, dueDate: "2031-05-06" }),
      database.db,
    );
    expect(replaced.status).toBe(200);
    const body = (await replaced.json()) as {
      data: { replaced: { status: string }; replacement: { id: string; due_date: string } };
    };
    expect(body.data.replaced.status).toBe("superseded");
    expect(body.data.replacement.due_date).toBe("2031-05-06");

    const touched = await handleAdmin(post({ op: "touch-plans", schoolId: alnoor.id, fraction: 0.1 }), database.db);
    expect(touched.status).toBe(200);
  });

  it("opens a halqa that v1 lists in its semester with its sheikh eligible, and refuses a sheikh of another school", async () => {
    process.env.SCHOOL_ADMIN_TOKEN = TOKEN;
    const alnoor = (await database.db.select().from(t.schools).where(eq(t.schools.name, DEMO_SCHOOLS.alnoor.name)))[0]!;
    const [semester] = await database.db
      .select()
      .from(t.semesters)
      .where(and(eq(t.semesters.schoolId, alnoor.id), eq(t.semesters.status, "active")));
    const [sheikh] = await database.db
      .select()
      .from(t.sheikhs)
      .where(and(eq(t.sheikhs.schoolId, alnoor.id), eq(t.sheikhs.status, "active")));
    const [stranger] = (await database.db.select().from(t.sheikhs)).filter((row) => row.schoolId !== alnoor.id);
    const before = (await database.db.select().from(t.halqas)).length;

    for (const [body, field] of [
      [{ name: "Circle", sheikhIds: [stranger!.id] }, "sheikhIds"],
      [{ name: " ", sheikhIds: [sheikh!.id] }, "name"],
      [{ name: "Circle", sheikhIds: [] }, "sheikhIds"],
    ] as const) {
      const refused = await handleAdmin(post({ op: "create-halqa", semesterId: semester!.id, ...body }), database.db);
      expect(refused.status).toBe(422);
      expect(Object.keys((await errorOf(refused)).details?.fields ?? {})).toContain(field);
    }
    expect(
      (
        await handleAdmin(
          post({ op: "create-halqa", semesterId: "sem_nope", name: "Circle", sheikhIds: [sheikh!.id] }),
          database.db,
        )
      ).status,
    ).toBe(404);
    expect((await database.db.select().from(t.halqas)).length).toBe(before);

    const created = await handleAdmin(
      post({
        op: "create-halqa",
        semesterId: semester!.id,
        name: "Evening circle",
        sheikhIds: [sheikh!.id, sheikh!.id],
      }),
      database.db,
    );
    expect(created.status).toBe(200);
    const { data } = (await created.json()) as { data: { id: string; sheikhIds: string[] } };
    expect(data.sheikhIds).toEqual([sheikh!.id]);
    const api = createSchoolApi(database);
    const read = async (path: string) =>
      (
        await api.handle(
          new Request(`http://school.test/api/v1${path}`, {
            headers: { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` },
          }),
        )
      ).json() as Promise<{ data: unknown }>;
    expect((await read(`/halqas/${data.id}`)).data).toMatchObject({
      id: data.id,
      name: "Evening circle",
      semester_id: semester!.id,
    });
    expect(((await read(`/sheikhs?halqa_id=${data.id}`)).data as { id: string }[]).map((row) => row.id)).toEqual([
      sheikh!.id,
    ]);
  });

  it("answers bad requests with the API's error shape", async () => {
    process.env.SCHOOL_ADMIN_TOKEN = TOKEN;
    const cases: [Request, number, string][] = [
      [post("{nope"), 400, "bad_request"],
      [post({ op: "drop-tables" }), 400, "bad_request"],
      [post([1, 2]), 400, "bad_request"],
      [post({ op: "replace-assignment" }), 422, "validation_failed"],
      [post({ op: "set-plan-status", planId: "pln_x", status: "paused", extra: 1 }), 422, "validation_failed"],
      [post({ op: "set-plan-status", planId: "pln_x", status: "paused" }), 404, "not_found"],
      [post({ op: "list-schools" }, { "content-type": "text/plain" }), 415, "unsupported_media_type"],
      [
        new Request("http://localhost/api/school-admin", { headers: { authorization: `Bearer ${TOKEN}` } }),
        405,
        "method_not_allowed",
      ],
    ];
    for (const [request, status, code] of cases) {
      const response = await handleAdmin(request, database.db);
      expect(response.status, code).toBe(status);
      expect((await errorOf(response)).code).toBe(code);
    }
  });
});
