import { describe, expect, it } from "vitest";
import type { AttendanceRow, Session, Student } from "@/lib/contract";
import { as, dataOf, expectError, expectInvalid, explain, traverse, type Client } from "./http";
import { classroom, createSession, createStudent, demoHas, missingIdLike, twoClassrooms } from "./fixtures";
import { keys, lacks, SLOW } from "./target";

/**
 * Attendance (spec rule 1: PUT changes only the supplied students; rule 3: each student eligible
 * for the session; one row per student per session). docs/contract.md: 1-200 rows, each student
 * once, late_minutes only with late, a batch is all or nothing.
 */

type Upserted = { session_id: string; rows: AttendanceRow[] };

async function rowsOf(client: Client, session: Session): Promise<AttendanceRow[]> {
  return (await traverse<AttendanceRow>(client, `/sessions/${session.id}/attendance`)).items;
}

async function register(client: Client, size = 3): Promise<{ session: Session; students: Student[] }> {
  const room = await classroom(client);
  const students: Student[] = [];
  for (let i = 0; i < size; i++) students.push(await createStudent(client, room.halqa.id));
  return { session: await createSession(client, room), students };
}

describe.skipIf(lacks("admin"))("attendance: upsert", () => {
  const admin = as(keys.admin);

  it("PUT stores the supplied rows and answers them as stored", async () => {
    const { session, students } = await register(admin, 2);
    const [a, b] = students as [Student, Student];
    const result = dataOf<Upserted>(
      await admin.put(`/sessions/${session.id}/attendance`, {
        rows: [
          { student_id: a.id, status: "present" },
          { student_id: b.id, status: "late", late_minutes: 10, note: "bus" },
        ],
      }),
    );
    expect(result.session_id).toBe(session.id);
    expect(result.rows.map((row) => [row.student_id, row.status, row.late_minutes, row.note])).toEqual([
      [a.id, "present", null, null],
      [b.id, "late", 10, "bus"],
    ]);
    const stored = await rowsOf(admin, session);
    expect(stored.map((row) => row.id).sort()).toEqual(result.rows.map((row) => row.id).sort());
  });

  it("a second PUT with only B changes B and leaves A untouched, one row per student", async () => {
    const { session, students } = await register(admin, 2);
    const [a, b] = students as [Student, Student];
    await admin.put(`/sessions/${session.id}/attendance`, {
      rows: [
        { student_id: a.id, status: "present" },
        { student_id: b.id, status: "absent" },
      ],
    });
    const before = await rowsOf(admin, session);
    const rowA = before.find((row) => row.student_id === a.id);
    const second = dataOf<Upserted>(
      await admin.put(`/sessions/${session.id}/attendance`, {
        rows: [{ student_id: b.id, status: "excused", note: "ill" }],
      }),
    );
    expect(second.rows.map((row) => row.student_id)).toEqual([b.id]);
    const after = await rowsOf(admin, session);
    expect(after).toHaveLength(2);
    expect(after.find((row) => row.student_id === a.id)).toEqual(rowA);
    expect(after.find((row) => row.student_id === b.id)).toMatchObject({ status: "excused", note: "ill" });
    expect(after.find((row) => row.student_id === b.id)?.id, "the row is updated in place").toBe(
      before.find((row) => row.student_id === b.id)?.id,
    );
  });

  it("attendance may be corrected after the session ended", async () => {
    const { session, students } = await register(admin, 1);
    dataOf<Session>(await admin.post(`/sessions/${session.id}/end`));
    const result = dataOf<Upserted>(
      await admin.put(`/sessions/${session.id}/attendance`, {
        rows: [{ student_id: students[0]!.id, status: "present" }],
      }),
    );
    expect(result.rows).toHaveLength(1);
  });

  it("GET attendance of a missing session is 404, PUT too", async () => {
    const { session, students } = await register(admin, 1);
    const missing = missingIdLike(session.id);
    expectError(await admin.get(`/sessions/${missing}/attendance`), 404, "not_found");
    expectError(
      await admin.put(`/sessions/${missing}/attendance`, {
        rows: [{ student_id: students[0]!.id, status: "present" }],
      }),
      404,
      "not_found",
    );
  });
});

describe.skipIf(lacks("admin"))("attendance: a bad batch writes nothing", () => {
  const admin = as(keys.admin);

  it("the same student twice in a batch is 422 and nothing is written", async () => {
    const { session, students } = await register(admin, 2);
    const [a, b] = students as [Student, Student];
    const response = await admin.put(`/sessions/${session.id}/attendance`, {
      rows: [
        { student_id: b.id, status: "present" },
        { student_id: a.id, status: "present" },
        { student_id: a.id, status: "absent" },
      ],
    });
    expectInvalid(response, "rows.2.student_id");
    expect(await rowsOf(admin, session)).toEqual([]);
  });

  it("a student of another halqa is 422 naming rows.N.student_id and no row of the batch is stored", async () => {
    const [room, other] = await twoClassrooms(admin);
    const mine = [await createStudent(admin, room.halqa.id), await createStudent(admin, room.halqa.id)];
    const stranger = await createStudent(admin, other.halqa.id);
    const session = await createSession(admin, room);
    await admin.put(`/sessions/${session.id}/attendance`, { rows: [{ student_id: mine[0]!.id, status: "absent" }] });
    const before = await rowsOf(admin, session);
    const response = await admin.put(`/sessions/${session.id}/attendance`, {
      rows: [
        { student_id: mine[0]!.id, status: "present" },
        { student_id: mine[1]!.id, status: "present" },
        { student_id: stranger.id, status: "present" },
      ],
    });
    const fields = expectInvalid(response, "rows.2.student_id");
    expect(Object.keys(fields)).not.toContain("rows.0.student_id");
    expect(await rowsOf(admin, session), "no partial write").toEqual(before);
  });

  it("every ineligible row is named at once (other halqa, not active, unknown)", async () => {
    const [room, other] = await twoClassrooms(admin);
    const good = await createStudent(admin, room.halqa.id);
    const withdrawn = await createStudent(admin, room.halqa.id, { status: "withdrawn" });
    const stranger = await createStudent(admin, other.halqa.id);
    const session = await createSession(admin, room);
    const response = await admin.put(`/sessions/${session.id}/attendance`, {
      rows: [
        { student_id: stranger.id, status: "present" },
        { student_id: good.id, status: "present" },
        { student_id: withdrawn.id, status: "present" },
        { student_id: missingIdLike(good.id), status: "present" },
      ],
    });
    const fields = expectInvalid(response, "rows.0.student_id", "rows.2.student_id", "rows.3.student_id");
    expect(Object.keys(fields)).not.toContain("rows.1.student_id");
    expect(await rowsOf(admin, session)).toEqual([]);
  });

  it("a student of another school is refused like an unknown one", async (context) => {
    if (!keys.otherSchool) return context.skip("no other school key");
    const foreign = dataOf<Student[]>(await as(keys.otherSchool).get("/students", { limit: 1 }))[0];
    if (!foreign) return demoHas(context, false, "student in the other school");
    const { session } = await register(admin, 0);
    const response = await admin.put(`/sessions/${session.id}/attendance`, {
      rows: [{ student_id: foreign.id, status: "present" }],
    });
    const unknown = await admin.put(`/sessions/${session.id}/attendance`, {
      rows: [{ student_id: missingIdLike(foreign.id), status: "present" }],
    });
    expect(expectInvalid(response, "rows.0.student_id")).toEqual(expectInvalid(unknown, "rows.0.student_id"));
  });

  it(
    "more than 200 rows is 422 and nothing is written",
    async () => {
      const { session, students } = await register(admin, 1);
      const rows = Array.from({ length: 201 }, (_, index) => ({
        student_id: index === 0 ? students[0]!.id : `stu_conformance_${index}`,
        status: "present",
      }));
      expectError(await admin.put(`/sessions/${session.id}/attendance`, { rows }), 422, "validation_failed");
      expect(await rowsOf(admin, session)).toEqual([]);
    },
    SLOW,
  );

  it.for([
    ["late_minutes with present", { status: "present", late_minutes: 5 }, "rows.0.late_minutes"],
    ["late_minutes negative", { status: "late", late_minutes: -1 }, "rows.0.late_minutes"],
    ["unknown status", { status: "sleeping" }, "rows.0.status"],
    ["unknown field", { status: "present", excuse: "x" }, "rows.0.excuse"],
    ["missing status", { status: undefined }, "rows.0.status"],
  ] as const)("%s is 422 naming %s and nothing is written", async ([, change, field]) => {
    const { session, students } = await register(admin, 1);
    const response = await admin.put(`/sessions/${session.id}/attendance`, {
      rows: [{ student_id: students[0]!.id, ...change }],
    });
    expectInvalid(response, field);
    expect(await rowsOf(admin, session), explain(response)).toEqual([]);
  });

  it.for([
    ["no rows", { rows: [] }],
    ["rows not a list", { rows: { student_id: "x" } }],
    ["a bare list", [{ student_id: "x", status: "present" }]],
    ["an extra top-level field", { rows: [], session_id: "x" }],
  ] as const)("%s is 422", async ([, body]) => {
    const { session } = await register(admin, 0);
    expectError(await admin.put(`/sessions/${session.id}/attendance`, body), 422, "validation_failed");
    expect(await rowsOf(admin, session)).toEqual([]);
  });
});
