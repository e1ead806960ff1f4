import { and, eq } from "drizzle-orm";
import type { Handlers } from "../context";
import { halqas, recitations, students } from "../db/schema";
import { notFound, validationFailed } from "../errors";
import { newId } from "../ids";
import {
  recitationColumns,
  studentColumns,
  toRecitation,
  toStudent,
  type RecitationPublicRow,
  type StudentPublicRow,
} from "../mappers";
import { findOne, pageById, paramFilters } from "./shared";

type StudentRow = StudentPublicRow;
type HalqaRow = typeof halqas.$inferSelect;
type RecitationRow = RecitationPublicRow;

export const studentHandlers: Pick<
  Handlers,
  "listStudents" | "getStudent" | "createStudent" | "updateStudent" | "listStudentRecitations"
> = {
  listStudents: (ctx, { query }) =>
    pageById<StudentRow, ReturnType<typeof toStudent>>(ctx, {
      scope: "students",
      table: students,
      query,
      filters: paramFilters(query, {
        status: students.status,
        halqa_id: students.halqaId,
        semester_id: students.semesterId,
        lineage_id: students.lineageId,
      }),
      map: toStudent,
      sync: true,
      columns: studentColumns,
    }),

  getStudent: async (ctx, { params }) => {
    const row = await findOne<StudentRow>(ctx, students, params.id ?? "", studentColumns);
    if (!row) throw notFound("Student");
    return { data: toStudent(row) };
  },

  createStudent: async (ctx, { body }) => {
    const halqa = await findOne<HalqaRow>(ctx, halqas, body.halqa_id);
    if (!halqa) throw validationFailed({ halqa_id: "no such halqa in this school" });
    if (body.lineage_id) {
      const [sameLineage] = await ctx.db
        .select({ id: students.id, semesterId: students.semesterId })
        .from(students)
        .where(and(eq(students.schoolId, ctx.school.id), eq(students.lineageId, body.lineage_id)));
      if (!sameLineage) throw validationFailed({ lineage_id: "no student of this school has this lineage" });
      const [clash] = await ctx.db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.schoolId, ctx.school.id),
            eq(students.lineageId, body.lineage_id),
            eq(students.semesterId, halqa.semesterId),
          ),
        );
      if (clash) throw validationFailed({ lineage_id: "this student already has a record in the halqa's semester" });
    }
    const [row] = await ctx.db
      .insert(students)
      .values({
        id: newId("stu"),
        schoolId: ctx.school.id,
        lineageId: body.lineage_id ?? newId("lin"),
        semesterId: halqa.semesterId,
        halqaId: halqa.id,
        fullName: body.full_name,
        preferredName: body.preferred_name ?? null,
        status: body.status ?? "active",
        enrolledOn: body.enrolled_on ?? null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(studentColumns);
    return { data: toStudent(row!) };
  },

  updateStudent: async (ctx, { params, body }) => {
    const current = await findOne<StudentRow>(ctx, students, params.id ?? "", studentColumns);
    if (!current) throw notFound("Student");
    if (body.halqa_id !== undefined && body.halqa_id !== current.halqaId) {
      const halqa = await findOne<HalqaRow>(ctx, halqas, body.halqa_id);
      if (!halqa) throw validationFailed({ halqa_id: "no such halqa in this school" });
      if (halqa.semesterId !== current.semesterId) {
        throw validationFailed({
          halqa_id:
            "the halqa belongs to another semester; create the student in that semester with this lineage_id instead",
        });
      }
    }
    const [row] = await ctx.db
      .update(students)
      .set({
        fullName: body.full_name,
        preferredName: body.preferred_name,
        status: body.status,
        halqaId: body.halqa_id,
        enrolledOn: body.enrolled_on,
        updatedAt: ctx.now,
      })
      .where(and(eq(students.schoolId, ctx.school.id), eq(students.id, current.id)))
      .returning(studentColumns);
    return { data: toStudent(row!) };
  },

  listStudentRecitations: async (ctx, { params, query }) => {
    const student = await findOne<StudentRow>(ctx, students, params.id ?? "", studentColumns);
    if (!student) throw notFound("Student");
    return pageById<RecitationRow, ReturnType<typeof toRecitation>>(ctx, {
      scope: `student-recitations:${student.id}`,
      table: recitations,
      query,
      filters: [eq(recitations.studentId, student.id), query.kind ? eq(recitations.kind, query.kind) : undefined],
      map: toRecitation,
      sync: true,
      columns: recitationColumns,
    });
  },
};
