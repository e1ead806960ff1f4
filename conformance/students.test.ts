import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Halqa, Semester, Student } from "@/lib/contract";
import { as, dataOf, expectError, expectInvalid, pageOf, traverse } from "./http";
import { classroom, createStudent, demoHas, expectNoSecretFields, missingIdLike, tag } from "./fixtures";
import { keys, lacks, SLOW } from "./target";

/** Student create and update (spec rule 5: null only where the update schema allows it; part 1 rule 4). */

const STUDENT_FIELDS = [
  "id",
  "lineage_id",
  "semester_id",
  "halqa_id",
  "full_name",
  "preferred_name",
  "status",
  "enrolled_on",
  "created_at",
  "updated_at",
];
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectStudentShape(student: Student, where: string) {
  expect(Object.keys(student).sort(), `fields of a student in ${where}`).toEqual([...STUDENT_FIELDS].sort());
  expectNoSecretFields(student, where);
}

describe.skipIf(lacks("admin"))("students: create", () => {
  const admin = as(keys.admin);

  it("POST /students is 201 and echoes the fields; GET returns the same record", async () => {
    const room = await classroom(admin);
    const body = {
      halqa_id: room.halqa.id,
      full_name: tag("Student"),
      preferred_name: "Conf",
      enrolled_on: "2024-09-01",
    };
    const created = dataOf<Student>(await admin.post("/students", body), 201);
    expectStudentShape(created, "POST /students");
    expect(created).toMatchObject({ ...body, semester_id: room.halqa.semester_id, status: "active" });
    expect(created.id).toBeTypeOf("string");
    expect(created.lineage_id).toBeTypeOf("string");
    expect(created.created_at).toMatch(TIMESTAMP);
    expect(created.updated_at).toMatch(TIMESTAMP);
    expect(dataOf<Student>(await admin.get(`/students/${created.id}`))).toEqual(created);
  });

  it("a given status is kept", async () => {
    const room = await classroom(admin);
    expect((await createStudent(admin, room.halqa.id, { status: "on_leave" })).status).toBe("on_leave");
  });

  it("an unknown field is 422 naming it", async () => {
    const room = await classroom(admin);
    expectInvalid(
      await admin.post("/students", { halqa_id: room.halqa.id, full_name: tag("Student"), nickname: "x" }),
      "nickname",
    );
  });

  it.for(["date_of_birth", "guardian_phone", "private_notes"])(
    "a sensitive field (%s) cannot be written through v1",
    async (field) => {
      const room = await classroom(admin);
      expectInvalid(
        await admin.post("/students", { halqa_id: room.halqa.id, full_name: tag("Student"), [field]: "2010-01-01" }),
        field,
      );
    },
  );

  it.for([
    ["full_name missing", { full_name: undefined }, "full_name"],
    ["full_name empty", { full_name: "   " }, "full_name"],
    ["full_name too long", { full_name: "x".repeat(121) }, "full_name"],
    ["full_name null", { full_name: null }, "full_name"],
    ["halqa_id missing", { halqa_id: undefined }, "halqa_id"],
    ["halqa_id unknown", { halqa_id: "hlq_conformance_missing" }, "halqa_id"],
    ["status not a string", { status: 3 }, "status"],
    ["enrolled_on not a date", { enrolled_on: "01/09/2024" }, "enrolled_on"],
  ] as const)("%s is 422 naming the field", async ([, change, field]) => {
    const room = await classroom(admin);
    const body: Record<string, unknown> = { halqa_id: room.halqa.id, full_name: tag("Student"), ...change };
    expectInvalid(await admin.post("/students", body), field);
  });

  it("carrying a student into another semester keeps its lineage_id, once per semester", async (context) => {
    const room = await classroom(admin);
    const semesters = (await traverse<Semester>(admin, "/semesters")).items.filter((s) => s.status === "planned");
    const target = semesters[0] && (await traverse<Halqa>(admin, "/halqas", { semester_id: semesters[0].id })).items[0];
    if (!target) return demoHas(context, false, "halqa in a planned semester");
    const student = await createStudent(admin, room.halqa.id);
    const carried = dataOf<Student>(
      await admin.post("/students", {
        halqa_id: target.id,
        full_name: student.full_name,
        lineage_id: student.lineage_id,
      }),
      201,
    );
    expect(carried.lineage_id).toBe(student.lineage_id);
    expect(carried.semester_id).toBe(target.semester_id);
    expect(carried.id).not.toBe(student.id);
    expectInvalid(
      await admin.post("/students", {
        halqa_id: target.id,
        full_name: student.full_name,
        lineage_id: student.lineage_id,
      }),
      "lineage_id",
    );
  });

  it("Idempotency-Key: the same request returns the first student again; another body is 409", async () => {
    const room = await classroom(admin);
    const idempotency = { "Idempotency-Key": `conformance-${randomUUID()}` };
    const body = { halqa_id: room.halqa.id, full_name: tag("Student") };
    const first = await admin.post("/students", body, idempotency);
    const second = await admin.post("/students", body, idempotency);
    expect(dataOf<Student>(second, 201).id).toBe(dataOf<Student>(first, 201).id);
    const found = (await traverse<Student>(admin, "/students", { halqa_id: room.halqa.id })).items.filter(
      (s) => s.full_name === body.full_name,
    );
    expect(found).toHaveLength(1);
    expectError(await admin.post("/students", { ...body, full_name: tag("Other") }, idempotency), 409, "conflict");
  });
});

describe.skipIf(lacks("admin"))("students: update", () => {
  const admin = as(keys.admin);

  it("PATCH full_name: null is 422 and the record is unchanged", async () => {
    const room = await classroom(admin);
    const student = await createStudent(admin, room.halqa.id);
    expectInvalid(await admin.patch(`/students/${student.id}`, { full_name: null }), "full_name");
    expect(dataOf<Student>(await admin.get(`/students/${student.id}`))).toEqual(student);
  });

  it.for([["status"], ["halqa_id"]] as const)("PATCH %s: null is 422", async ([field]) => {
    const room = await classroom(admin);
    const student = await createStudent(admin, room.halqa.id);
    expectInvalid(await admin.patch(`/students/${student.id}`, { [field]: null }), field);
    expect(dataOf<Student>(await admin.get(`/students/${student.id}`))).toEqual(student);
  });

  it("PATCH preferred_name: null and enrolled_on: null are allowed", async () => {
    const room = await classroom(admin);
    const student = await createStudent(admin, room.halqa.id, { preferred_name: "Conf", enrolled_on: "2024-09-01" });
    const updated = dataOf<Student>(
      await admin.patch(`/students/${student.id}`, { preferred_name: null, enrolled_on: null }),
    );
    expect(updated).toMatchObject({
      id: student.id,
      preferred_name: null,
      enrolled_on: null,
      full_name: student.full_name,
    });
    expect(updated.updated_at >= student.updated_at).toBe(true);
    expectStudentShape(updated, "PATCH /students/{id}");
  });

  it("PATCH changes only the given fields", async () => {
    const room = await classroom(admin);
    const student = await createStudent(admin, room.halqa.id, { preferred_name: "Conf" });
    const updated = dataOf<Student>(await admin.patch(`/students/${student.id}`, { status: "on_leave" }));
    for (const field of STUDENT_FIELDS.filter((name) => name !== "status" && name !== "updated_at")) {
      expect(updated[field as keyof Student], field).toEqual(student[field as keyof Student]);
    }
    expect(updated.status).toBe("on_leave");
  });

  it("PATCH {} is 422", async () => {
    const room = await classroom(admin);
    const student = await createStudent(admin, room.halqa.id);
    expectError(await admin.patch(`/students/${student.id}`, {}), 422, "validation_failed");
  });

  it("PATCH with an unknown field is 422 naming it, and nothing changes", async () => {
    const room = await classroom(admin);
    const student = await createStudent(admin, room.halqa.id);
    expectInvalid(
      await admin.patch(`/students/${student.id}`, { full_name: tag("new"), semester_id: room.semester.id }),
      "semester_id",
    );
    expect(dataOf<Student>(await admin.get(`/students/${student.id}`))).toEqual(student);
  });

  it("PATCH halqa_id to a halqa of another semester is 422 and nothing changes", async () => {
    const room = await classroom(admin);
    const student = await createStudent(admin, room.halqa.id);
    const other = (await traverse<Halqa>(admin, "/halqas")).items.find((h) => h.semester_id !== room.halqa.semester_id);
    expect(other, "a halqa of another semester").toBeDefined();
    expectInvalid(await admin.patch(`/students/${student.id}`, { halqa_id: other!.id }), "halqa_id");
    expect(dataOf<Student>(await admin.get(`/students/${student.id}`))).toEqual(student);
  });

  it("PATCH halqa_id to another halqa of the same semester moves the student", async (context) => {
    const room = await classroom(admin);
    const sibling = (await traverse<Halqa>(admin, "/halqas", { semester_id: room.halqa.semester_id })).items.find(
      (h) => h.id !== room.halqa.id,
    );
    if (!sibling) return demoHas(context, false, "second halqa in the active semester");
    const student = await createStudent(admin, room.halqa.id);
    expect(dataOf<Student>(await admin.patch(`/students/${student.id}`, { halqa_id: sibling.id })).halqa_id).toBe(
      sibling.id,
    );
  });

  it("PATCH of a missing student is 404 not_found", async () => {
    const room = await classroom(admin);
    const student = await createStudent(admin, room.halqa.id);
    expectError(await admin.patch(`/students/${missingIdLike(student.id)}`, { full_name: tag("x") }), 404, "not_found");
  });
});

describe.skipIf(lacks("admin"))("students: sensitive fields are never returned", () => {
  const admin = as(keys.admin);

  it(
    "no student in any list page has a field beyond the documented ones",
    async () => {
      const students = (await traverse<Student>(admin, "/students")).items;
      expect(students.length).toBeGreaterThan(0);
      for (const student of students) expectStudentShape(student, `GET /students (${student.id})`);
    },
    SLOW,
  );

  it("GET /students/{id} has only the documented fields", async () => {
    const students = pageOf<Student>(await admin.get("/students", { limit: 5 })).data;
    for (const student of students)
      expectStudentShape(dataOf<Student>(await admin.get(`/students/${student.id}`)), "GET /students/{id}");
  });
});
