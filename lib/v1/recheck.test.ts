import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Reply, SeenRequest } from "@/tests/support/v1/fake-api";
import { student, TS } from "@/tests/support/v1/fake-api";
import { withFakeApi } from "@/tests/support/v1/harness";

const { api, client } = withFakeApi();

/**
 * A school API that honours no filter at all (not even `limit`): it pages through `records` three at
 * a time, whatever the query says, as a real API ignoring names it does not know would.
 */
function ignoringFilters(records: readonly object[]) {
  return (request: SeenRequest): Reply => {
    const from = Number(request.url.searchParams.get("cursor") ?? 0);
    const next = from + 3 < records.length ? String(from + 3) : null;
    return {
      status: 200,
      json: { data: records.slice(from, from + 3), pagination: { next_cursor: next, has_more: next !== null } },
    };
  };
}

const session = (n: number, fields: { halqa_id: string; date: string; status?: "open" | "ended" }) => ({
  id: `ses_${n}`,
  sheikh_id: "shk_1",
  semester_id: "sem_1",
  status: "open",
  starts_at: TS,
  ended_at: null,
  topic: null,
  created_at: TS,
  updated_at: TS,
  ...fields,
});

const attendance = (n: number, sessionId: string) => ({
  id: `att_${n}`,
  session_id: sessionId,
  student_id: `stu_${n}`,
  status: "present",
  late_minutes: null,
  note: null,
  created_at: TS,
  updated_at: TS,
});

describe("lists behind an API that ignores our filter names", () => {
  it("a halqa's students are only that halqa's, across pages", async () => {
    const students = Array.from({ length: 10 }, (_, n) => ({
      ...student(n),
      halqa_id: n % 3 === 0 ? "hal_1" : "hal_2",
      x_vendor_note: "extra",
    }));
    api().reply(ignoringFilters(students));
    const { items } = await client().client.listAll("listStudents", { query: { halqa_id: "hal_1", limit: 100 } });
    expect(items.map((s) => s.id)).toEqual(["stu_0000", "stu_0003", "stu_0006", "stu_0009"]);
    expect(api().requests).toHaveLength(4);
  });

  it("sessions between two dates, by their own `date`", async () => {
    const dates = ["2025-01-01", "2025-01-02", "2025-01-03", "2025-01-04"];
    api().reply(ignoringFilters(dates.map((date, n) => session(n, { halqa_id: "hal_1", date }))));
    const sessions: string[] = [];
    for await (const s of client().client.paginate("listSessions", {
      query: { date_from: "2025-01-02", date_to: "2025-01-03" },
    }))
      sessions.push(s.date);
    expect(sessions).toEqual(["2025-01-02", "2025-01-03"]);
  });

  it("a halqa's sheikhs are those whose `halqa_ids` hold it", async () => {
    const sheikh = (id: string, halqa_ids: string[]) => ({ id, name: id, halqa_ids, created_at: TS, updated_at: TS });
    api().reply(
      ignoringFilters([sheikh("shk_1", ["hal_1"]), sheikh("shk_2", ["hal_2", "hal_3"]), sheikh("shk_3", [])]),
    );
    const { items } = await client().client.listAll("listSheikhs", { query: { halqa_id: "hal_3" } });
    expect(items.map((s) => s.id)).toEqual(["shk_2"]);
  });

  it("a session's attendance holds only rows of that session (the path relation)", async () => {
    api().reply(ignoringFilters([attendance(1, "ses_1"), attendance(2, "ses_2"), attendance(3, "ses_1")]));
    const pages = [];
    for await (const page of client().client.pages("listAttendance", { params: { id: "ses_1" } }))
      pages.push(page.data.map((row) => row.id));
    expect(pages).toEqual([["att_1", "att_3"]]);
  });

  it("a halqa's active state is checked against `is_active`", async () => {
    const halqa = (id: string, is_active: boolean) => ({
      id,
      lineage_id: id,
      semester_id: "sem_1",
      name: id,
      description: null,
      is_active,
      created_at: TS,
      updated_at: TS,
    });
    api().reply(ignoringFilters([halqa("hal_1", true), halqa("hal_2", false)]));
    const { items } = await client().client.listAll("listHalqas", { query: { active: false } });
    expect(items.map((h) => h.id)).toEqual(["hal_2"]);
  });

  it("whatever extra records an API returns, the result is exactly the records matching every filter", async () => {
    const value = (prefix: string) => fc.constantFrom(`${prefix}_1`, `${prefix}_2`, `${prefix}_3`);
    const record = fc.record({
      halqa_id: value("hal"),
      semester_id: value("sem"),
      lineage_id: value("lin"),
      status: fc.constantFrom("active", "on_leave", "withdrawn"),
    });
    const filters = fc.record(
      {
        halqa_id: value("hal"),
        semester_id: value("sem"),
        lineage_id: value("lin"),
        status: fc.constantFrom("active", "on_leave", "withdrawn"),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(record, { maxLength: 20 }), filters, async (fields, query) => {
        const records = fields.map((own, n) => ({ ...student(n), ...own, legacy_code: n }));
        api().reply(ignoringFilters(records));
        const { items } = await client().client.listAll("listStudents", { query });
        const expected = records.filter((r) =>
          Object.entries(query).every(([name, sent]) => r[name as keyof typeof query] === sent),
        );
        expect(items.map((s) => s.id)).toEqual(expected.map((r) => r.id));
      }),
      { numRuns: 60 },
    );
  });
});
