import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttendanceRow } from "@/lib/contract";
import { openDatabase, type Database } from "./db/client";
import { createSchoolApi, type SchoolApi } from "./runtime";
import { seedDemo } from "./seed/demo";
import { DEMO_KEYS } from "./seed/demo-facts";

/**
 * The one-statement attendance upsert (handlers/attendance-upsert.ts) beyond what the conformance
 * suite asks of any school: rows that already hold the sent values are left alone and answered
 * as stored, changed ones move, rows not supplied never change, answers keep the request's order.
 */
const auth = { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}`, accept: "application/json" };
let database: Database;
let api: SchoolApi;

async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const headers = body === undefined ? auth : { ...auth, "content-type": "application/json" };
  const response = await api.handle(
    new Request(`http://school.test/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as T };
}

let sessionId = "";
let students: string[] = [];

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await seedDemo(database.db);
  api = createSchoolApi(database, { rateLimitPerMinute: 0 });
  const semester = (await call<{ data: { id: string }[] }>("GET", "/semesters?status=active")).body.data[0]!;
  const halqas = (
    await call<{ data: { id: string }[] }>("GET", `/halqas?semester_id=${semester.id}&active=true&limit=100`)
  ).body.data;
  for (const halqa of halqas) {
    const sheikh = (await call<{ data: { id: string }[] }>("GET", `/sheikhs?halqa_id=${halqa.id}`)).body.data[0];
    const roster = (
      await call<{ data: { id: string }[] }>("GET", `/students?halqa_id=${halqa.id}&status=active&limit=100`)
    ).body.data;
    if (!sheikh || roster.length < 3) continue;
    students = roster.slice(0, 3).map((student) => student.id);
    sessionId = (
      await call<{ data: { id: string } }>("POST", "/sessions", {
        halqa_id: halqa.id,
        sheikh_id: sheikh.id,
        topic: "upsert test",
      })
    ).body.data.id;
    break;
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const put = (rows: unknown[]) =>
  call<{ data: { rows: AttendanceRow[] } }>("PUT", `/sessions/${sessionId}/attendance`, { rows });

describe("PUT attendance as one statement", { timeout: 60_000 }, () => {
  it("leaves rows that already hold the sent values as stored, moves changed ones, and keeps the request's order", async () => {
    const [a, b, c] = students as [string, string, string];
    const first = await put([
      { student_id: a, status: "present" },
      { student_id: b, status: "late", late_minutes: 5 },
      { student_id: c, status: "absent", note: "ill" },
    ]);
    expect(first.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));

    // c first: the answer follows the request; b is sent unchanged, a changes.
    const second = await put([
      { student_id: c, status: "absent", note: "ill" },
      { student_id: b, status: "late", late_minutes: 5 },
      { student_id: a, status: "excused" },
    ]);
    expect(second.status).toBe(200);
    const before = new Map(first.body.data.rows.map((row) => [row.student_id, row]));
    expect(second.body.data.rows.map((row) => row.student_id)).toEqual([c, b, a]);
    const [rowC, rowB, rowA] = second.body.data.rows as [AttendanceRow, AttendanceRow, AttendanceRow];
    expect(rowC).toEqual(before.get(c));
    expect(rowB).toEqual(before.get(b));
    expect(rowA).toMatchObject({ id: before.get(a)!.id, status: "excused", created_at: before.get(a)!.created_at });
    expect(Date.parse(rowA.updated_at)).toBeGreaterThan(Date.parse(before.get(a)!.updated_at));

    // Only b supplied: a and c stay exactly as they are (spec rule 1).
    const third = await put([{ student_id: b, status: "present" }]);
    expect(third.body.data.rows.map((row) => [row.student_id, row.status, row.late_minutes])).toEqual([
      [b, "present", null],
    ]);
    const listed = (await call<{ data: AttendanceRow[] }>("GET", `/sessions/${sessionId}/attendance`)).body.data;
    expect(listed.find((row) => row.student_id === a)).toEqual(rowA);
    expect(listed.find((row) => row.student_id === c)).toEqual(rowC);
  });

  it("a batch with one ineligible student changes nothing and names that row", async () => {
    const [a] = students as [string];
    const before = (await call<{ data: AttendanceRow[] }>("GET", `/sessions/${sessionId}/attendance`)).body.data;
    const refused = await call<{ error: { code: string; details: { fields: Record<string, string> } } }>(
      "PUT",
      `/sessions/${sessionId}/attendance`,
      {
        rows: [
          { student_id: a, status: "absent" },
          { student_id: "stu_does_not_exist", status: "present" },
        ],
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields).toEqual({ "rows.1.student_id": "no such student in this school" });
    expect((await call<{ data: AttendanceRow[] }>("GET", `/sessions/${sessionId}/attendance`)).body.data).toEqual(
      before,
    );
  });
});
