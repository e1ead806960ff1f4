import { beforeAll, describe, expect, it } from "vitest";
import { as, dataOf, errorOf, expectError, pageOf, type ApiResponse, type Client } from "./http";
import { classroom, demoHas, missingIdLike, tag } from "./fixtures";
import { key, lacks } from "./target";

/** Spec part 1: every identifier is bound to one school; a foreign id is a 404 like a missing one. */

type Foreign = { semester: string; halqa: string; sheikh: string; student: string; session?: string };

async function firstIds(client: Client): Promise<Foreign> {
  const first = async (path: string) => pageOf<{ id: string }>(await client.get(path, { limit: 1 })).data[0]?.id;
  const [semester, halqa, sheikh, student, session] = await Promise.all(
    ["/semesters", "/halqas", "/sheikhs", "/students", "/sessions"].map(first),
  );
  if (!semester || !halqa || !sheikh || !student)
    throw new Error("the other school needs a semester, halqa, sheikh and student");
  return { semester, halqa, sheikh, student, session };
}

/**
 * Pairs of ids in `ids` where one is the other with a run of digits one up: `stu_1`/`stu_2`,
 * `2024-001`/`2024-002`. An id a client could reach by counting is not opaque (spec part 1).
 */
export function countedNeighbours(ids: readonly string[]): [string, string][] {
  const known = new Set(ids);
  const pairs: [string, string][] = [];
  for (const id of ids)
    for (const run of id.matchAll(/\d+/g)) {
      const next = (BigInt(run[0]) + 1n).toString().padStart(run[0].length, "0");
      const neighbour = id.slice(0, run.index) + next + id.slice(run.index + run[0].length);
      if (known.has(neighbour)) pairs.push([id, neighbour]);
    }
  return pairs;
}

/** The error a client sees, with the requested id blanked out so two requests can be compared. */
function normalized(response: ApiResponse, id: string) {
  const error = errorOf(response);
  return { status: response.status, body: JSON.stringify(error).split(id).join("<id>") };
}

describe.skipIf(lacks("admin"))("tenant: the key determines the school", () => {
  it("GET /school returns data.id", async () => {
    const school = dataOf<{ id: string }>(await as(key("admin")).get("/school"));
    expect(school.id).toBeTypeOf("string");
    expect(school.id.length).toBeGreaterThan(0);
  });

  it("the school profile gives what forms need: name, an IANA time zone and a rating scale", async () => {
    const school = dataOf<{ name: string; time_zone: string; rating_scale: { value: number; label: string }[] }>(
      await as(key("admin")).get("/school"),
    );
    expect(school.name.length).toBeGreaterThan(0);
    expect(() => new Intl.DateTimeFormat("en", { timeZone: school.time_zone })).not.toThrow();
    expect(school.rating_scale.length).toBeGreaterThanOrEqual(2);
    for (const level of school.rating_scale) {
      expect(Number.isInteger(level.value)).toBe(true);
      expect(level.label).toBeTypeOf("string");
    }
    expect(new Set(school.rating_scale.map((level) => level.value)).size).toBe(school.rating_scale.length);
  });

  it("the sequence check finds ids reached by counting", () => {
    expect(countedNeighbours(["stu_1", "stu_2"])).toEqual([["stu_1", "stu_2"]]);
    expect(countedNeighbours(["s-2024-009", "s-2024-010"])).toEqual([["s-2024-009", "s-2024-010"]]);
    expect(countedNeighbours(["stu_1", "stu_3", "hlq_2"])).toEqual([]);
  });

  it("ids are opaque strings, never sequential", async () => {
    for (const path of ["/semesters", "/halqas", "/sheikhs", "/students", "/sessions"]) {
      const items = pageOf<{ id: unknown }>(await as(key("admin")).get(path, { limit: 20 })).data;
      for (const item of items) {
        expect(item.id, path).toBeTypeOf("string");
        expect(String(item.id), path).not.toMatch(/^\d+$/);
      }
      expect(countedNeighbours(items.map((item) => String(item.id))), path).toEqual([]);
    }
  });

  it.skipIf(lacks("readonly", "legacy"))("keys of the same school see the same data.id", async () => {
    const idsSeen = await Promise.all(
      (["admin", "readonly", "legacy"] as const).map(
        async (name) => dataOf<{ id: string }>(await as(key(name)).get("/school")).id,
      ),
    );
    expect(new Set(idsSeen).size).toBe(1);
  });

  it.skipIf(lacks("otherSchool"))("another school's key sees a different data.id", async () => {
    const a = dataOf<{ id: string }>(await as(key("admin")).get("/school")).id;
    const b = dataOf<{ id: string }>(await as(key("otherSchool")).get("/school")).id;
    expect(b).not.toBe(a);
  });
});

describe.skipIf(lacks("admin", "otherSchool"))("tenant: ids of another school", () => {
  const a = () => as(key("admin"));
  let foreign: Foreign;
  let own: Foreign;
  beforeAll(async () => {
    [foreign, own] = await Promise.all([firstIds(as(key("otherSchool"))), firstIds(a())]);
  });

  const single = (kind: keyof Foreign) => {
    const paths: Record<keyof Foreign, string> = {
      semester: "/semesters/",
      halqa: "/halqas/",
      sheikh: "/sheikhs/",
      student: "/students/",
      session: "/sessions/",
    };
    return paths[kind];
  };

  it.for(["semester", "halqa", "sheikh", "student", "session"] as const)(
    "GET a %s of school B with school A's key is 404 not_found, identical to a missing id",
    async (kind, context) => {
      const id = foreign[kind];
      if (!id) return demoHas(context, false, "such record in school B");
      const missing = missingIdLike(id);
      const [foreignResponse, missingResponse] = await Promise.all([
        a().get(single(kind) + id),
        a().get(single(kind) + missing),
      ]);
      expectError(foreignResponse, 404, "not_found");
      expectError(missingResponse, 404, "not_found");
      expect(normalized(foreignResponse, id)).toEqual(normalized(missingResponse, missing));
    },
  );

  it("school B's key cannot read school A's student either", async () => {
    expectError(await as(key("otherSchool")).get(`/students/${own.student}`), 404, "not_found");
  });

  it("sub-resources of school B's records are 404 for school A", async (context) => {
    expectError(await a().get(`/students/${foreign.student}/recitations`), 404, "not_found");
    if (!foreign.session) return demoHas(context, false, "session in school B");
    expectError(await a().get(`/sessions/${foreign.session}/attendance`), 404, "not_found");
    expectError(await a().get(`/sessions/${foreign.session}/recitations`), 404, "not_found");
  });

  it("writes to school B's records with school A's key are 404 and change nothing", async (context) => {
    const before = dataOf<{ full_name: string; updated_at: string }>(
      await as(key("otherSchool")).get(`/students/${foreign.student}`),
    );
    expectError(await a().patch(`/students/${foreign.student}`, { full_name: tag("hijack") }), 404, "not_found");
    const after = dataOf<{ full_name: string; updated_at: string }>(
      await as(key("otherSchool")).get(`/students/${foreign.student}`),
    );
    expect(after).toEqual(before);
    if (!foreign.session) return demoHas(context, false, "session in school B");
    expectError(await a().post(`/sessions/${foreign.session}/end`), 404, "not_found");
    const attendance = { rows: [{ student_id: foreign.student, status: "present" }] };
    expectError(await a().put(`/sessions/${foreign.session}/attendance`, attendance), 404, "not_found");
  });

  it("a body naming school B's halqa is refused exactly like a missing halqa", async () => {
    const missing = missingIdLike(foreign.halqa);
    const [foreignResponse, missingResponse] = await Promise.all([
      a().post("/students", { halqa_id: foreign.halqa, full_name: tag("Student") }),
      a().post("/students", { halqa_id: missing, full_name: tag("Student") }),
    ]);
    expect(foreignResponse.status).toBeGreaterThanOrEqual(400);
    expect(foreignResponse.status).toBeLessThan(500);
    expect(normalized(foreignResponse, foreign.halqa)).toEqual(normalized(missingResponse, missing));
  });

  it("a session body naming school B's sheikh is refused like a missing sheikh", async () => {
    const room = await classroom(a());
    const missing = missingIdLike(foreign.sheikh);
    const [foreignResponse, missingResponse] = await Promise.all([
      a().post("/sessions", { halqa_id: room.halqa.id, sheikh_id: foreign.sheikh }),
      a().post("/sessions", { halqa_id: room.halqa.id, sheikh_id: missing }),
    ]);
    expect(foreignResponse.status, foreignResponse.text).toBe(422);
    expect(normalized(foreignResponse, foreign.sheikh)).toEqual(normalized(missingResponse, missing));
  });

  it.each([
    ["/students", "halqa_id", "halqa"],
    ["/students", "semester_id", "semester"],
    ["/halqas", "semester_id", "semester"],
    ["/sheikhs", "halqa_id", "halqa"],
    ["/sessions", "halqa_id", "halqa"],
  ] as const)("GET %s?%s=<school B's id> returns nothing of school B", async (path, param, kind) => {
    const id = foreign[kind];
    const response = await a().get(path, { [param]: id });
    if (response.status === 200) expect(pageOf(response).data).toEqual([]);
    else expectError(response, 404, "not_found");
    const missing = await a().get(path, { [param]: missingIdLike(id) });
    expect(missing.status, "a foreign filter id behaves like a missing one").toBe(response.status);
  });

  it("lists of school A never contain a record of school B", async () => {
    for (const path of ["/semesters", "/halqas", "/sheikhs", "/students", "/sessions"]) {
      const [mine, theirs] = await Promise.all([
        a().get(path, { limit: 100 }),
        as(key("otherSchool")).get(path, { limit: 100 }),
      ]);
      const theirIds = new Set(pageOf<{ id: string }>(theirs).data.map((item) => item.id));
      expect(
        pageOf<{ id: string }>(mine).data.filter((item) => theirIds.has(item.id)),
        path,
      ).toEqual([]);
    }
  });
});

describe.skipIf(lacks("admin", "otherSchool"))("tenant: cursors are bound to the key's school (issue 30.9)", () => {
  for (const path of ["/students", "/sessions", "/halqas", "/sheikhs", "/semesters"]) {
    it(`${path}: another school's cursor is a 400, like a tampered one`, async () => {
      const theirs = pageOf<unknown>(await as(key("otherSchool")).get(path, { limit: 1 }));
      expect(theirs.pagination.next_cursor, `${path} of the other school has a second page`).toBeTruthy();
      const response = await as(key("admin")).get(path, { limit: 1, cursor: theirs.pagination.next_cursor! });
      expect(errorOf(expectErrorStatus(response)).details?.fields).toHaveProperty("cursor");
    });
  }
});

function expectErrorStatus(response: ApiResponse): ApiResponse {
  expectError(response, 400, "bad_request");
  return response;
}
