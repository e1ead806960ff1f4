import { describe, expect, expectTypeOf, it } from "vitest";
import type { School, Student, Surah } from "@/lib/contract";
import type { V1Error } from "./errors";
import { failureOf } from "./failures";
import { KEY, caught, withFakeApi } from "@/tests/support/v1/harness";
import { SCHOOL, student, TS } from "@/tests/support/v1/fake-api";
import type { Page } from "./types";

const { api, client } = withFakeApi();

describe("requests", () => {
  it("sends exactly one bearer Authorization header and Accept: application/json", async () => {
    api().reply(() => ({ status: 200, json: { data: SCHOOL } }));
    await client().client.call("getSchool");
    const [seen] = api().requests;
    const auth = seen!.rawHeaders
      .filter((_, i) => i % 2 === 0)
      .filter((name) => name.toLowerCase() === "authorization");
    expect(auth).toHaveLength(1);
    expect(seen!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen!.headers.accept).toBe("application/json");
    expect(seen!.headers["content-type"]).toBeUndefined();
    expect(seen!.method).toBe("GET");
    expect(seen!.url.pathname).toBe("/api/v1/school");
    expect(seen!.url.search).toBe("");
  });

  it("sends a JSON body with Content-Type and the Idempotency-Key", async () => {
    api().reply(() => ({ status: 201, json: { data: student(1) } }));
    const body = { halqa_id: "hal_1", full_name: "Student 1" };
    await client().client.call("createStudent", { body, idempotencyKey: "idem-1" });
    const [seen] = api().requests;
    expect(seen!.method).toBe("POST");
    expect(seen!.headers["content-type"]).toBe("application/json");
    expect(seen!.headers["idempotency-key"]).toBe("idem-1");
    expect(JSON.parse(seen!.body)).toEqual(body);
  });

  it("encodes path parameters as opaque strings", async () => {
    api().reply(() => ({ status: 200, json: { data: student(1) } }));
    await client().client.call("getStudent", { params: { id: "stu_a/b c?d" } });
    expect(api().requests[0]!.url.pathname).toBe("/api/v1/students/stu_a%2Fb%20c%3Fd");
  });

  it("serializes query values and leaves out undefined ones", async () => {
    api().reply(() => ({ status: 200, json: { data: [], pagination: { next_cursor: null, has_more: false } } }));
    await client().client.call("listHalqas", { query: { limit: 20, active: true, semester_id: undefined } });
    expect(api().requests[0]!.url.search).toBe("?limit=20&active=true");
  });

  it("rejects a missing path parameter before any request", async () => {
    const error = await caught(() => client().client.call("getStudent", { params: { id: "" } }));
    expect(error).toBeInstanceOf(TypeError);
    expect(api().requests).toHaveLength(0);
  });
});

describe("responses", () => {
  it("unwraps a single envelope and tolerates unknown fields", async () => {
    api().reply(() => ({
      status: 200,
      json: {
        data: {
          ...SCHOOL,
          motto: "new field",
          rating_scale: SCHOOL.rating_scale.map((l) => ({ ...l, colour: "green" })),
        },
        meta: { v: 2 },
      },
    }));
    const school = await client().client.call("getSchool");
    expectTypeOf(school).toEqualTypeOf<School>();
    expect(school).toEqual(SCHOOL);
  });

  it("returns a page with its pagination for a collection", async () => {
    const pagination = { next_cursor: "c2", has_more: true, sync_watermark: TS };
    api().reply(() => ({ status: 200, json: { data: [student(1), student(2)], pagination } }));
    const page = await client().client.call("listStudents", { query: { status: "active" } });
    expectTypeOf(page).toEqualTypeOf<Page<Student>>();
    expect(page.data.map((s) => s.id)).toEqual(["stu_0001", "stu_0002"]);
    expect(page.pagination).toEqual(pagination);
  });

  it("returns the array of the bounded Surah collection", async () => {
    const surah = {
      number: 1,
      name_arabic: "الفاتحة",
      name_transliteration: "Al-Fatihah",
      name_english: "The Opening",
      ayah_count: 7,
      revelation_place: "meccan",
      start_juz: 1,
      start_page: 1,
    };
    api().reply(() => ({ status: 200, json: { data: [surah] } }));
    const surahs = await client().client.call("listSurahs");
    expectTypeOf(surahs).toEqualTypeOf<Surah[]>();
    expect(surahs).toEqual([surah]);
  });

  it("fails with invalid_response when a response breaks the contract, without retrying", async () => {
    api().reply(() => ({ status: 200, json: { data: { ...SCHOOL, id: 42 } } }));
    const { client: c, sleeps } = client();
    const error = await caught(() => c.call("getSchool"));
    expect(error).toMatchObject({ code: "invalid_response" });
    expect(error.message).toContain("data.id");
    expect((error as V1Error).details).toEqual({ issues: [expect.objectContaining({ path: "data.id" })] });
    expect(api().requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("fails with invalid_response on a 200 that is not JSON", async () => {
    api().reply(() => ({ status: 200, text: "<html>proxy login</html>" }));
    const error = await caught(() => client().client.call("getSchool"));
    expect(error).toMatchObject({ code: "invalid_response", status: 200 });
  });

  it("does not follow redirects (the key must not travel elsewhere)", async () => {
    api().reply(() => ({ status: 302, headers: { location: "http://127.0.0.1:9/elsewhere" } }));
    const error = await caught(() => client().client.call("getSchool"));
    // Read as the client's configuration (SCHOOL_API_URL naming http for https): it blocks writes, never retried.
    expect(error).toMatchObject({ code: "client_misconfigured", status: 302 });
    expect(failureOf(error)).toMatchObject({ retryable: false, blocksWrites: true, message: "errors.misconfigured" });
    expect(api().requests).toHaveLength(1);
  });
});

describe("typed arguments", () => {
  it("checks names, params, bodies and idempotency keys at compile time", () => {
    const c = client().client;
    // These lines only need to type-check (or fail to); they are never run.
    const typeOnly = () => {
      void c.call("getSchool");
      void c.call("getSurah", { params: { number: 2 } });
      void c.call("listSessions", { query: { status: "open", limit: 10 } });
      // @ts-expect-error an unknown status is rejected for a closed filter
      void c.call("listSessions", { query: { status: "paused" } });
      // @ts-expect-error getStudent needs its id
      void c.call("getStudent");
      // @ts-expect-error createStudent needs a body
      void c.call("createStudent");
      // @ts-expect-error a body is checked against the contract's input type
      void c.call("createStudent", { body: { full_name: "No halqa" } });
      // @ts-expect-error a PATCH takes no idempotency key
      void c.call("updateStudent", { params: { id: "x" }, body: { full_name: "A" }, idempotencyKey: "k" });
      // @ts-expect-error unknown query parameter
      void c.call("listStudents", { query: { colour: "red" } });
      // @ts-expect-error pages() only takes paginated endpoints
      void c.pages("getSchool");
    };
    expect(typeOnly).toBeTypeOf("function");
  });
});
