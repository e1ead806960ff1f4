import { beforeAll, describe, expect, it, type TestContext } from "vitest";
import { as, call, expectError, pageOf, traverse, type Client } from "./http";
import { demoHas, expectUnique, ids } from "./fixtures";
import { key, keys, lacks, SLOW } from "./target";

/**
 * Envelopes and pagination of every paginated collection (spec parts 2 and 8; issue 2 §2):
 * `data` + `pagination {next_cursor, has_more}`, limit 1-100, opaque cursors, strict queries,
 * and full traversals that neither skip nor repeat a record that exists throughout.
 */

type Collection = { name: string; path: (ctx: Ids) => string | undefined; sync: boolean };
type Ids = { session?: string; student?: string; plan?: string };

const COLLECTIONS: Collection[] = [
  { name: "semesters", path: () => "/semesters", sync: true },
  { name: "halqas", path: () => "/halqas", sync: true },
  { name: "sheikhs", path: () => "/sheikhs", sync: false },
  { name: "students", path: () => "/students", sync: true },
  { name: "sessions", path: () => "/sessions", sync: true },
  { name: "session attendance", path: (c) => c.session && `/sessions/${c.session}/attendance`, sync: false },
  { name: "session recitations", path: (c) => c.session && `/sessions/${c.session}/recitations`, sync: false },
  { name: "student recitations", path: (c) => c.student && `/students/${c.student}/recitations`, sync: true },
  { name: "learning plans", path: () => "/learning-plans", sync: true },
  { name: "plan assignments", path: (c) => c.plan && `/learning-plans/${c.plan}/assignments`, sync: false },
];

/** A seeded session with attendance and recitations, a student with recitations, a plan with history. */
async function findIds(client: Client): Promise<Ids> {
  const found: Ids = {};
  const sessions = pageOf<{ id: string }>(await client.get("/sessions", { status: "ended", limit: 30 })).data;
  for (const session of sessions) {
    const recitations = pageOf<{ student_id: string }>(
      await client.get(`/sessions/${session.id}/recitations`, { limit: 1 }),
    ).data;
    const attendance = pageOf<unknown>(await client.get(`/sessions/${session.id}/attendance`, { limit: 2 }));
    if (recitations[0] && attendance.pagination.has_more) {
      found.session = session.id;
      found.student = recitations[0].student_id;
      break;
    }
  }
  const plans = await client.get("/learning-plans", { limit: 20 });
  if (plans.status === 200) {
    for (const plan of pageOf<{ id: string }>(plans).data) {
      const history = pageOf<unknown>(await client.get(`/learning-plans/${plan.id}/assignments`, { limit: 1 }));
      if (history.pagination.has_more) {
        found.plan = plan.id;
        break;
      }
    }
  }
  return found;
}

describe.skipIf(lacks("admin"))("pagination: every collection", () => {
  const admin = as(keys.admin);
  let found: Ids = {};
  beforeAll(async () => {
    found = await findIds(admin);
  }, SLOW);

  const pathOr = (collection: Collection, context: TestContext): string => {
    const path = collection.path(found);
    if (!path) return demoHas(context, false, `data for ${collection.name}`);
    return path;
  };

  for (const collection of COLLECTIONS) {
    describe(collection.name, () => {
      it("answers {data: [...], pagination: {next_cursor, has_more}}", async (context) => {
        const path = pathOr(collection, context);
        const response = await admin.get(path);
        const body = pageOf<unknown>(response);
        expect(Object.keys(body).sort()).toEqual(["data", "pagination"]);
        expect(body.pagination.has_more).toBeTypeOf("boolean");
        expect(body.pagination.next_cursor === null || typeof body.pagination.next_cursor === "string").toBe(true);
        expect(body.pagination.has_more).toBe(body.pagination.next_cursor !== null);
        expect(body.data.length).toBeLessThanOrEqual(50);
      });

      it.for(["0", "101", "abc", "-1", "1.5", "", "1e2"])("limit=%s is 400 bad_request", async (limit, context) => {
        const path = pathOr(collection, context);
        expectError(await call(path, { key: keys.admin, query: { limit } }), 400, "bad_request");
      });

      it("limit=1 and limit=100 are accepted and respected", async (context) => {
        const path = pathOr(collection, context);
        expect(pageOf(await admin.get(path, { limit: 1 })).data.length).toBeLessThanOrEqual(1);
        expect(pageOf(await admin.get(path, { limit: 100 })).data.length).toBeLessThanOrEqual(100);
      });

      it("an unknown query parameter is 400 bad_request", async (context) => {
        const path = pathOr(collection, context);
        expectError(await admin.get(path, { colour: "green" }), 400, "bad_request");
      });

      it(
        "a traversal with limit=7 returns every record exactly once",
        async (context) => {
          const path = pathOr(collection, context);
          // No records are deleted through v1, so: before ⊆ small-page traversal ⊆ after.
          const before = new Set(ids((await traverse<{ id: string }>(admin, path, {}, 100)).items));
          const small = ids((await traverse<{ id: string }>(admin, path, {}, 7)).items);
          const after = new Set(ids((await traverse<{ id: string }>(admin, path, {}, 100)).items));
          expectUnique(small, `${path} with limit=7`);
          expect(
            [...before].filter((id) => !small.includes(id)),
            "records skipped by the limit=7 traversal",
          ).toEqual([]);
          expect(
            small.filter((id) => !after.has(id)),
            "records that vanished",
          ).toEqual([]);
        },
        SLOW,
      );

      it("two reads of the first page list the same records in the same order", async (context) => {
        const path = pathOr(collection, context);
        const one = pageOf<{ id: string }>(await admin.get(path, { limit: 5 }));
        const two = pageOf<{ id: string }>(await admin.get(path, { limit: 5 }));
        expect(ids(two.data)).toEqual(ids(one.data));
      });

      it("a tampered or foreign cursor is 400 bad_request", async (context) => {
        const path = pathOr(collection, context);
        const first = pageOf<unknown>(await admin.get(path, { limit: 1 }));
        const cursor = first.pagination.next_cursor;
        const tampered = ["not a cursor!", "AAAA", Buffer.from('{"id":1}').toString("base64url")];
        if (cursor) tampered.push(cursor.slice(0, Math.floor(cursor.length / 2)), [...cursor].reverse().join(""));
        for (const value of tampered) {
          expectError(await admin.get(path, { cursor: value, limit: 1 }), 400, "bad_request");
        }
      });

      if (collection.sync) {
        it(
          "gives a sync_watermark, the same on every page of a traversal",
          async (context) => {
            const path = pathOr(collection, context);
            const { pages } = await traverse<unknown>(admin, path, {}, 40);
            const marks = pages.map((page) => page.pagination.sync_watermark);
            expect(marks[0], "pagination.sync_watermark").toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
            expect(new Set(marks).size, "one watermark per traversal").toBe(1);
          },
          SLOW,
        );

        it("accepts updated_after and rejects a malformed one", async (context) => {
          const path = pathOr(collection, context);
          // The latest watermark the contract accepts (years 1900-2200, docs/contract.md).
          expect(pageOf(await admin.get(path, { updated_after: "2200-01-01T00:00:00.000Z" })).data).toEqual([]);
          expectError(await admin.get(path, { updated_after: "yesterday" }), 400, "bad_request");
        });
      } else {
        it("does not offer incremental sync: updated_after is 400 bad_request", async (context) => {
          const path = pathOr(collection, context);
          expectError(await admin.get(path, { updated_after: "2020-01-01T00:00:00.000Z" }), 400, "bad_request");
        });
      }
    });
  }

  it("a cursor of one collection is refused by another", async () => {
    const students = pageOf<unknown>(await admin.get("/students", { limit: 1 }));
    const cursor = students.pagination.next_cursor;
    expect(cursor).not.toBeNull();
    expectError(await admin.get("/halqas", { cursor: cursor ?? "" }), 400, "bad_request");
    expectError(await admin.get("/sessions", { cursor: cursor ?? "" }), 400, "bad_request");
  });

  it("single-resource endpoints reject query parameters with 400 bad_request", async () => {
    const student = pageOf<{ id: string }>(await admin.get("/students", { limit: 1 })).data[0]?.id;
    for (const path of ["/school", "/surahs/1", `/students/${student}`]) {
      expectError(await as(key("admin")).get(path, { limit: 1 }), 400, "bad_request");
    }
  });
});
