import fc from "fast-check";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSIGNMENT_STATUSES, type Assignment } from "@/lib/contract";
import { openDatabase, type Database } from "../db/client";
import { assignments, learningPlans } from "../db/schema";
import { toAssignment } from "../mappers";
import { createSchoolApi, type SchoolApi } from "../runtime";
import { seedDemo } from "../seed/demo";
import { DEMO_KEYS } from "../seed/demo-facts";

/**
 * A plan's history is built by the database function `assignment_history_page` (migration 0003)
 * as one JSON text; each record must be exactly the one `toAssignment` makes of the stored row —
 * the form the school's own operations answer with — whatever the timestamps and the database
 * session's time zone, in the same field order.
 */
const auth = { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}`, accept: "application/json" };
let database: Database;
let api: SchoolApi;
let planId = "";

async function history(path: string): Promise<{ status: number; text: string }> {
  const response = await api.handle(new Request(`http://school.test/api/v1${path}`, { headers: auth }));
  return { status: response.status, text: await response.text() };
}

async function storedHistory(plan: string): Promise<Assignment[]> {
  const rows = await database.db
    .select()
    .from(assignments)
    .where(eq(assignments.planId, plan))
    .orderBy(asc(assignments.sequence));
  return rows.map(toAssignment);
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await seedDemo(database.db);
  api = createSchoolApi(database, { rateLimitPerMinute: 0 });
  const [row] = await database.db
    .select({ planId: assignments.planId })
    .from(assignments)
    .innerJoin(learningPlans, eq(learningPlans.id, assignments.planId))
    .limit(1);
  planId = row!.planId;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("GET /learning-plans/{id}/assignments", () => {
  it("answers each record as toAssignment makes it of the stored row, whatever the timestamps and the session's time zone", async () => {
    const instant = fc.date({
      min: new Date("1990-01-01T00:00:00Z"),
      max: new Date("2100-12-31T23:59:59Z"),
      noInvalidDate: true,
    });
    const [first] = await storedHistory(planId);
    await fc.assert(
      fc.asyncProperty(
        fc.option(instant),
        fc.option(instant),
        instant,
        fc.constantFrom("UTC", "Asia/Riyadh", "America/New_York", "Asia/Kolkata"),
        async (published, superseded, updated, zone) => {
          await database.db.execute(sql.raw(`set time zone '${zone}'`));
          await database.db
            .update(assignments)
            .set({ publishedAt: published, supersededAt: superseded, updatedAt: updated })
            .where(eq(assignments.id, first!.id));
          const answer = await history(`/learning-plans/${planId}/assignments?limit=100`);
          expect(answer.status).toBe(200);
          const expected = await storedHistory(planId);
          const data = (JSON.parse(answer.text) as { data: Assignment[] }).data;
          expect(JSON.stringify(data)).toBe(JSON.stringify(expected));
        },
      ),
      { numRuns: 25 },
    );
    await database.db.execute(sql`set time zone 'UTC'`);
  });

  it("pages in the history's order, and tells an unknown plan from an empty page", async () => {
    const expected = await storedHistory(planId);
    const seen: Assignment[] = [];
    let cursor: string | null = null;
    do {
      const answer = await history(
        `/learning-plans/${planId}/assignments?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      const body = JSON.parse(answer.text) as {
        data: Assignment[];
        pagination: { next_cursor: string | null; has_more: boolean };
      };
      seen.push(...body.data);
      cursor = body.pagination.has_more ? body.pagination.next_cursor : null;
    } while (cursor);
    expect(seen.map((record) => record.id)).toEqual(expected.map((record) => record.id));

    const absent = ASSIGNMENT_STATUSES.find((status) => !expected.some((record) => record.status === status))!;
    const empty = await history(`/learning-plans/${planId}/assignments?status=${absent}`);
    expect(empty.status).toBe(200);
    expect((JSON.parse(empty.text) as { data: unknown[] }).data).toEqual([]);
    expect((await history(`/learning-plans/plan_does_not_exist/assignments`)).status).toBe(404);
  });
});
