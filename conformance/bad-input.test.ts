import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints, type Endpoint, type LearningPlan, type Semester, type Session, type Student } from "@/lib/contract";
import { applyMutation, badQueryValue, jsonSchemaOf, mutations } from "./bad-input";
import { activeSemester, classroom, createSession, createStudent, recordsOf, tag, type Classroom } from "./fixtures";
import { as, call, dataOf, errorOf, explain, pageOf, traverse, type ApiResponse } from "./http";
import { base, keys, lacks, SLOW } from "./target";

/**
 * Issue 12 §8: for every endpoint of the contract, bad bodies and queries generated from its
 * schemas (and the cases the issue names) answer a 4xx with a clear body, carry the security and
 * rate-limit headers, and change nothing: the records they aim at are read back unchanged.
 * Extends fuzz.test.ts (random JSON) with values that are bad for one field at a time.
 */
const RUNS = Number(process.env.CONFORMANCE_BAD_INPUT_RUNS ?? 25);
const all = Object.entries(endpoints) as [string, Endpoint][];

function expectRefused(response: ApiResponse): void {
  expect(response.status, explain(response)).toBeGreaterThanOrEqual(400);
  expect(response.status, explain(response)).toBeLessThan(500);
  const error = errorOf(response);
  if (response.status === 422)
    expect(Object.keys((error.details?.fields ?? {}) as object).length, explain(response)).toBeGreaterThan(0);
  expect(response.headers.get("x-content-type-options"), explain(response)).toBe("nosniff");
  expect(response.headers.get("cache-control"), explain(response)).toMatch(/no-store/);
  expect(response.headers.get("ratelimit-policy"), explain(response)).toMatch(/;q=\d+;w=\d+/);
}

/** Raw bytes, for what JSON.stringify cannot send (invalid UTF-8). */
async function sendBytes(path: string, method: string, bytes: Buffer): Promise<ApiResponse> {
  const response = await fetch(base() + path, {
    method,
    headers: { authorization: `Bearer ${keys.admin}`, "content-type": "application/json", accept: "application/json" },
    body: new Blob([new Uint8Array(bytes)]),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { request: `${method} ${path} (raw bytes)`, status: response.status, headers: response.headers, text, json };
}

describe.skipIf(lacks("admin"))("bad input: every endpoint answers a 4xx and changes nothing", () => {
  const admin = as(keys.admin);
  let room: Classroom;
  let semester: Semester;
  let student: Student;
  let session: Session;
  let plan: LearningPlan | undefined;

  const ids = (): Record<string, string> => ({
    semesters: semester.id,
    halqas: room.halqa.id,
    sheikhs: room.sheikh.id,
    students: student.id,
    sessions: session.id,
    "learning-plans": plan?.id ?? "lp_missing",
    surahs: "2",
  });
  const pathOf = (endpoint: Endpoint) =>
    endpoint.path.replace(/\/([\w-]+)\/\{\w+\}/g, (_, resource: string) => `/${resource}/${ids()[resource]}`);

  const snapshot = async () =>
    JSON.stringify([
      ...(await recordsOf(admin, student, session)),
      (await traverse<{ id: string }>(admin, "/students", { halqa_id: room.halqa.id })).items.map((s) => s.id),
      (await traverse<{ id: string }>(admin, "/sessions", { halqa_id: room.halqa.id })).items.map((s) => s.id),
    ]);

  /** A body each write would accept: bad ones are this with one field spoiled. */
  const validBodies = (): Record<string, unknown> => ({
    createStudent: {
      halqa_id: room.halqa.id,
      full_name: tag("Student"),
      preferred_name: "Ali",
      enrolled_on: "2026-09-01",
      status: "active",
    },
    updateStudent: { full_name: tag("Student"), preferred_name: "Ali", enrolled_on: "2026-09-01" },
    createSession: {
      halqa_id: room.halqa.id,
      sheikh_id: room.sheikh.id,
      date: "2026-11-24",
      starts_at: "2026-11-24T08:00:00.000Z",
      topic: "Juz 30",
    },
    updateSession: { date: "2026-11-24", starts_at: "2026-11-24T08:00:00.000Z", topic: "Juz 30" },
    upsertAttendance: { rows: [{ student_id: student.id, status: "late", late_minutes: 5, note: "bus" }] },
    createRecitation: {
      student_id: student.id,
      kind: "new_memorization",
      start: { surah: 2, ayah: 1 },
      end: { surah: 2, ayah: 5 },
      rating: 1,
      mistakes: 0,
      note: "good",
      recorded_at: "2026-11-24T08:10:00.000Z",
    },
  });

  beforeAll(async () => {
    room = await classroom(admin);
    semester = await activeSemester(admin);
    student = await createStudent(admin, room.halqa.id);
    session = await createSession(admin, room);
    const plans = await admin.get("/learning-plans", { limit: 1 });
    plan = plans.status === 200 ? pageOf<LearningPlan>(plans).data[0] : undefined;
  }, SLOW);

  it(
    "every write: a body with one field spoiled (generated from its schema) is refused and read back unchanged",
    async () => {
      const before = await snapshot();
      for (const [name, endpoint] of all.filter(([, e]) => e.body)) {
        const valid = validBodies()[name];
        expect(valid, `a valid body for ${name}`).toBeDefined();
        expect(endpoint.body!.safeParse(valid).success, `the valid body of ${name}`).toBe(true);
        const spoiled = fc
          .oneof(...mutations(jsonSchemaOf(endpoint.body!), valid))
          .map((mutation) => applyMutation(valid, mutation));
        await fc.assert(
          fc.asyncProperty(spoiled, async (body) => {
            // What travels is JSON: a value JSON cannot carry (an infinity becomes null) must still be bad after the trip.
            fc.pre(!endpoint.body!.safeParse(JSON.parse(JSON.stringify(body))).success);
            expectRefused(await call(pathOf(endpoint), { method: endpoint.method, key: keys.admin, body }));
          }),
          { numRuns: RUNS * 4 },
        );
      }
      expect(await snapshot()).toEqual(before);
    },
    SLOW,
  );

  it(
    "the cases of issue 12: year 0000, NUL, unpaired surrogates, an unknown nested field",
    async () => {
      const before = await snapshot();
      const bodies = validBodies();
      const cases: [string, unknown][] = [
        ["createStudent", { ...(bodies.createStudent as object), enrolled_on: "0000-01-01" }],
        ["updateStudent", { enrolled_on: "0000-06-15" }],
        ["createSession", { ...(bodies.createSession as object), date: "0000-01-01" }],
        ["createSession", { ...(bodies.createSession as object), starts_at: "0000-01-01T00:00:00.000Z" }],
        ["updateSession", { starts_at: "0000-01-01T08:00:00Z" }],
        ["createRecitation", { ...(bodies.createRecitation as object), recorded_at: "0000-01-01T00:00:00.000Z" }],
        ["createRecitation", { ...(bodies.createRecitation as object), start: { surah: 2, ayah: 1, juz: 1 } }],
        ["createRecitation", { ...(bodies.createRecitation as object), note: "a\u0000b" }],
        ["createStudent", { ...(bodies.createStudent as object), full_name: "Ali\u0000" }],
        ["updateStudent", { full_name: "\ud800Ali" }],
        ["upsertAttendance", { rows: [{ student_id: student.id, status: "present", note: "x\udc00" }] }],
        ["createSession", { ...(bodies.createSession as object), halqa_id: `${room.halqa.id}\u0000` }],
      ];
      for (const [name, body] of cases) {
        const endpoint = endpoints[name as keyof typeof endpoints];
        expectRefused(await call(pathOf(endpoint), { method: endpoint.method, key: keys.admin, body }));
      }
      // A body that is not UTF-8 (0xFF, an encoded surrogate) is a 400, not a name with U+FFFD in it.
      for (const [name, endpoint] of all.filter(([, e]) => e.method !== "GET")) {
        for (const bad of [
          [0xff, 0xfe],
          [0xed, 0xa0, 0x80],
        ]) {
          const json = JSON.stringify(validBodies()[name] ?? {}).replace(
            /"(full_name|topic|note|student_id)":"/,
            `"$1":"\u0001`,
          );
          const bytes = Buffer.from(json, "utf8");
          const at = bytes.indexOf(0x01);
          const spoiled =
            at >= 0
              ? Buffer.concat([bytes.subarray(0, at), Buffer.from(bad), bytes.subarray(at + 1)])
              : Buffer.concat([bytes, Buffer.from(bad)]);
          const response = await sendBytes(pathOf(endpoint), endpoint.method, spoiled);
          expectRefused(response);
          expect(response.status, explain(response)).toBe(400);
        }
      }
      expect(await snapshot()).toEqual(before);
    },
    SLOW,
  );

  it(
    "every endpoint: a bad value for one of its query parameters (generated from its schema) is a 400",
    async () => {
      const before = await snapshot();
      const cases = all.flatMap(([name, endpoint]) => {
        const properties = jsonSchemaOf(endpoint.query).properties ?? {};
        const own = Object.entries(properties).map(([param, schema]) =>
          badQueryValue(schema).map((value) => ({ name, param, value })),
        );
        // Every endpoint refuses a parameter it does not have, with a NUL or not.
        return [...own, fc.constantFrom("nonsense", "x\u0000").map((param) => ({ name, param, value: "1" }))];
      });
      await fc.assert(
        fc.asyncProperty(fc.oneof(...cases), async ({ name, param, value }) => {
          const endpoint = endpoints[name as keyof typeof endpoints] as Endpoint;
          const response = await call(pathOf(endpoint), {
            method: endpoint.method,
            key: keys.admin,
            query: { [param]: value },
          });
          expectRefused(response);
          expect(response.status, explain(response)).toBe(400);
        }),
        { numRuns: RUNS * 20 },
      );
      expect(await snapshot()).toEqual(before);
    },
    SLOW,
  );

  it(
    "query values that are not UTF-8, and the issue's year-0000 filters, are a 400",
    async () => {
      const lists = all.filter(([, e]) => Object.keys(jsonSchemaOf(e.query).properties ?? {}).includes("status"));
      expect(lists.length).toBeGreaterThan(3);
      for (const [, endpoint] of lists) {
        for (const raw of ["%FF", "%ED%A0%80", "%00"])
          expectRefused(await call(`${pathOf(endpoint)}?status=${raw}`, { key: keys.admin }));
      }
      for (const [path, query] of [
        ["/students", { updated_after: "0000-01-01T00:00:00.000Z" }],
        ["/halqas", { updated_after: "0000-01-01T00:00:00Z" }],
        ["/sessions", { date_from: "0000-01-01" }],
        ["/sessions", { date_to: "0000-12-31" }],
        ["/students", { halqa_id: "h\u0000" }],
      ] as const) {
        const response = await admin.get(path, query);
        expectRefused(response);
        expect(Object.keys((errorOf(response).details?.fields ?? {}) as object), explain(response)).toEqual(
          Object.keys(query),
        );
      }
    },
    SLOW,
  );
});

describe.skipIf(lacks("admin"))("garbage text is refused with 422 and the field's reason (issue 30.8)", () => {
  const admin = as(keys.admin);
  let room: Classroom;
  beforeAll(async () => {
    room = await classroom(admin);
  });

  it("names of zero-width spaces or Hangul fillers, with line breaks or bidi overrides; notes and topics with bidi controls", async () => {
    const names = [
      "\u200b\u200b\u200b",
      "\u3164",
      "\uffa0",
      "\u115f\u1160",
      "\u00ad\u200b",
      "Ahmad\r\nAli",
      "Ahmad\nAli",
      "Ali\u202eevil",
      "Ali\u2066x\u2069",
    ];
    for (const full_name of names) {
      const response = await admin.post("/students", { halqa_id: room.halqa.id, full_name });
      expect(errorOf(response).details?.fields, JSON.stringify(full_name)).toHaveProperty("full_name");
      expect(response.status).toBe(422);
    }
    const topic = await admin.post("/sessions", {
      halqa_id: room.halqa.id,
      sheikh_id: room.sheikh.id,
      topic: "Juz \u202e1",
    });
    expect(topic.status).toBe(422);
    expect(errorOf(topic).details?.fields).toHaveProperty("topic");
  });

  it("keeps the marks Arabic text uses", async () => {
    const response = await admin.post("/students", {
      halqa_id: room.halqa.id,
      full_name: `${tag("عبد\u200cالله")} \u200fعلي`,
    });
    expect(response.status, explain(response)).toBe(201);
  });

  it("a session whose start is far from its date", async () => {
    const response = await admin.post("/sessions", {
      halqa_id: room.halqa.id,
      sheikh_id: room.sheikh.id,
      date: "2026-03-01",
      starts_at: "2028-03-01T08:00:00.000Z",
    });
    expect(response.status).toBe(422);
    expect(errorOf(response).details?.fields).toHaveProperty("starts_at");
  });

  it("a session whose start would be far from its date as stored: one of the two sent, the other defaulted or kept", async () => {
    const base = { halqa_id: room.halqa.id, sheikh_id: room.sheikh.id };
    for (const [body, field] of [
      [{ starts_at: "2099-03-01T08:00:00.000Z" }, "starts_at"],
      [{ starts_at: "1900-03-01T08:00:00.000Z" }, "starts_at"],
      [{ date: "2099-03-01" }, "date"],
    ] as const) {
      const response = await admin.post("/sessions", { ...base, ...body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(errorOf(response).details?.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const { id } = dataOf<{ id: string }>(await admin.post("/sessions", base), 201);
    for (const [body, field] of [
      [{ date: "2099-03-01" }, "date"],
      [{ starts_at: "2099-03-01T08:00:00.000Z" }, "starts_at"],
    ] as const) {
      const response = await admin.patch(`/sessions/${id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(errorOf(response).details?.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    await admin.post(`/sessions/${id}/end`, {});
  });
});
