"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { can } from "@/lib/authz/policy";
import { studentRecord } from "@/lib/features/records";
import { COMMENT_MAX, saveComment } from "./comments";

const Input = z.object({
  studentId: z.string().min(1).max(200),
  comment: z.string().max(COMMENT_MAX, { message: "reportCards.comment.tooLong" }),
});

/**
 * The comment on a student's term report card: the teacher of the student's halqa or an admin;
 * stored under the record's own semester (never one from the form). Audited.
 */
export const saveReportCardComment = defineAction({
  name: "reportCards.comment",
  input: Input,
  roles: ["admin", "teacher"],
  authorize: async (ctx, input) => {
    const student = await studentRecord(ctx.actor.connectionId, input.studentId);
    return student !== null && can.viewStudent(ctx.subject, student) && student;
  },
  async run(ctx, input) {
    const student = ctx.loaded;
    await saveComment(
      ctx.actor.connectionId,
      { id: student.id, semesterId: student.semester_id },
      input.comment,
      ctx.actor.id,
    );
    revalidatePath(`/students/${student.id}`);
    return { studentId: student.id, name: student.full_name };
  },
  target: (input, data) => ({
    type: "report_card_comment",
    id: input.studentId,
    ...(data ? { label: data.name } : {}),
  }),
});
