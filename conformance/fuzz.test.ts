import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Session, Student } from "@/lib/contract";
import { as, call, errorOf, explain, type ApiResponse } from "./http";
import { classroom, createSession, createStudent, recordsOf, type Classroom } from "./fixtures";
import { keys, lacks, SLOW } from "./target";

/**
 * Issue 2: "Bad input anywhere gets the documented 4xx with a useful message and changes nothing",
 * and DESIGN invariant 6: never a 500 for a client's mistake. Random JSON goes to every write
 * endpoint; the records it targets belong to this file and are compared before and after.
 */

const RUNS = Number(process.env.CONFORMANCE_FUZZ_RUNS ?? 25);

function expectClientError(response: ApiResponse) {
  expect(response.status, explain(response)).toBeGreaterThanOrEqual(400);
  expect(response.status, explain(response)).toBeLessThan(500);
  expect(errorOf(response).message.length).toBeGreaterThan(0);
}

/** Any JSON at all, but never the empty object (which is a valid body for POST …/end). */
const anyJson = fc
  .oneof(fc.jsonValue(), fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue()))
  .filter((value) => JSON.stringify(value) !== "{}");

/** Objects with the real field names and random values: reaches deeper than random keys do. */
function shaped(fields: string[]) {
  return fc.dictionary(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1 });
}

describe.skipIf(lacks("admin"))("fuzz: random bodies are a 4xx and change nothing", () => {
  const admin = as(keys.admin);
  let room: Classroom;
  let student: Student;
  let session: Session;
  const snapshot = async () => JSON.stringify(await recordsOf(admin, student, session));

  /** Whatever `bodies` draws, `send` never gets a 5xx, and a 4xx leaves this file's records as they were. */
  const refusalsWriteNothing = <T>(bodies: fc.Arbitrary<T>, send: (body: T) => Promise<ApiResponse>) =>
    fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const before = await snapshot();
        const response = await send(body);
        expect(response.status, explain(response)).toBeLessThan(500);
        if (response.status >= 400) expect(await snapshot(), explain(response)).toEqual(before);
      }),
      { numRuns: RUNS },
    );

  beforeAll(async () => {
    room = await classroom(admin);
    student = await createStudent(admin, room.halqa.id);
    session = await createSession(admin, room);
  });

  const targets = () => [
    { method: "PATCH", path: `/students/${student.id}` },
    { method: "PATCH", path: `/sessions/${session.id}` },
    { method: "POST", path: `/sessions/${session.id}/end` },
    { method: "PUT", path: `/sessions/${session.id}/attendance` },
    { method: "POST", path: `/sessions/${session.id}/recitations` },
  ];

  it(
    "arbitrary JSON to every update of this file's records is a 4xx and changes nothing",
    async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(anyJson, fc.nat(), async (body, pick) => {
          const target = targets()[pick % targets().length]!;
          expectClientError(await call(target.path, { method: target.method, key: keys.admin, body }));
        }),
        { numRuns: RUNS * 4 },
      );
      expect(await snapshot()).toEqual(before);
    },
    SLOW,
  );

  it(
    "arbitrary JSON to the create endpoints is a 4xx",
    async () => {
      await fc.assert(
        fc.asyncProperty(anyJson, async (body) => {
          expectClientError(await admin.post("/students", body));
          expectClientError(await admin.post("/sessions", body));
        }),
        { numRuns: RUNS },
      );
    },
    SLOW,
  );

  it(
    "bodies with real field names and random values never get a 5xx; a 4xx changes nothing",
    async () => {
      const fields: Record<string, string[]> = {
        [`/students/${student.id}`]: ["full_name", "preferred_name", "status", "halqa_id", "enrolled_on"],
        [`/sessions/${session.id}/recitations`]: [
          "student_id",
          "kind",
          "start",
          "end",
          "rating",
          "mistakes",
          "note",
          "recorded_at",
        ],
        [`/sessions/${session.id}/attendance`]: ["rows"],
      };
      const methods: Record<string, string> = {
        [`/students/${student.id}`]: "PATCH",
        [`/sessions/${session.id}/recitations`]: "POST",
        [`/sessions/${session.id}/attendance`]: "PUT",
      };
      for (const [path, names] of Object.entries(fields))
        await refusalsWriteNothing(shaped(names), (body) =>
          call(path, { method: methods[path], key: keys.admin, body }),
        );
    },
    SLOW,
  );

  it(
    "attendance rows with random members never get a 5xx and a 4xx writes nothing",
    async () => {
      const row = fc.record(
        {
          student_id: fc.oneof(fc.constant(student.id), fc.string(), fc.jsonValue()),
          status: fc.oneof(fc.constantFrom("present", "absent", "late", "excused"), fc.jsonValue()),
          late_minutes: fc.oneof(fc.integer(), fc.constant(null), fc.jsonValue()),
          note: fc.oneof(fc.string(), fc.constant(null), fc.jsonValue()),
        },
        { requiredKeys: [] },
      );
      await refusalsWriteNothing(fc.array(row, { maxLength: 4 }), (rows) =>
        admin.put(`/sessions/${session.id}/attendance`, { rows }),
      );
    },
    SLOW,
  );

  it(
    "random query strings on a list are 200 or 400, never a 5xx",
    async () => {
      const value = fc.oneof(
        fc.string({ unit: "binary" }),
        fc.integer().map(String),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      );
      const name = fc.constantFrom(
        "limit",
        "cursor",
        "updated_after",
        "status",
        "halqa_id",
        "semester_id",
        "lineage_id",
        "date_from",
        "date_to",
      );
      await fc.assert(
        fc.asyncProperty(fc.dictionary(name, value, { maxKeys: 3 }), async (query) => {
          for (const path of ["/students", "/sessions"]) {
            const response = await admin.get(path, query);
            expect([200, 400], explain(response)).toContain(response.status);
          }
        }),
        { numRuns: RUNS * 2 },
      );
    },
    SLOW,
  );
});
