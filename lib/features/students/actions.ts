"use server";

import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { can } from "@/lib/authz/policy";
import { fieldChanges } from "@/lib/audit/changes";
import type { Student } from "@/lib/contract";
import { CreateStudentInput, toCreateBody, toUpdateBody, UpdateStudentInput } from "./inputs";

/** Admins enrol a student in a halqa; the school's API decides whether the values are valid. */
export const createStudent = defineAction({
  name: "student.create",
  input: CreateStudentInput,
  roles: ["admin"],
  authorize: ({ subject }) => can.createStudent(subject),
  run: async ({ client }, input) => {
    // A fresh key per submission makes the create safe for the client to retry after a timeout.
    const student = await client.call("createStudent", { body: toCreateBody(input), idempotencyKey: randomUUID() });
    revalidatePath("/students");
    revalidatePath(`/halqas/${student.halqa_id}`);
    return { id: student.id };
  },
  target: (input, data) => ({ type: "student", id: data?.id, label: input.full_name }),
});

/** Admins edit a student they can see; the student is loaded first, so a stale or foreign id is refused. */
export const updateStudent = defineAction({
  name: "student.update",
  input: UpdateStudentInput,
  roles: ["admin"],
  // The student as the school had it: what is checked, and the audit entry's "before".
  authorize: async ({ client, subject }, input): Promise<Student | false> => {
    const student = await client.call("getStudent", { params: { id: input.id } });
    return can.updateStudent(subject) && can.viewStudent(subject, student) && student;
  },
  run: async ({ client }, input) => {
    const student = await client.call("updateStudent", { params: { id: input.id }, body: toUpdateBody(input) });
    revalidatePath(`/students/${student.id}`);
    revalidatePath("/students");
    return { id: student.id };
  },
  target: (input) => ({ type: "student", id: input.id, label: input.full_name }),
  details: ({ loaded }, input) => ({ changes: fieldChanges(loaded, toUpdateBody(input)) }),
});
