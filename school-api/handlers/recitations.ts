import { eq } from "drizzle-orm";
import type { Handlers } from "../context";
import { recitations } from "../db/schema";
import { requireEligibleStudents } from "../eligibility";
import { validationFailed } from "../errors";
import { newId } from "../ids";
import { recitationColumns, toRecitation, type RecitationPublicRow } from "../mappers";
import { pageById, paramFilters } from "./shared";
import { requireSession } from "./sessions";

type RecitationRow = RecitationPublicRow;

export const recitationHandlers: Pick<Handlers, "listSessionRecitations" | "createRecitation"> = {
  listSessionRecitations: async (ctx, { params, query }) => {
    const session = await requireSession(ctx, params.id);
    return pageById<RecitationRow, ReturnType<typeof toRecitation>>(ctx, {
      scope: `session-recitations:${session.id}`,
      table: recitations,
      query,
      filters: [
        eq(recitations.sessionId, session.id),
        ...paramFilters(query, { student_id: recitations.studentId, kind: recitations.kind }),
      ],
      map: toRecitation,
      columns: recitationColumns,
    });
  },

  createRecitation: async (ctx, { params, body }) => {
    const session = await requireSession(ctx, params.id);
    await requireEligibleStudents(ctx, session.halqaId, [{ studentId: body.student_id, field: "student_id" }]);
    const scale = ctx.school.ratingScale.map((level) => level.value);
    if (!scale.includes(body.rating))
      throw validationFailed({ rating: `must be one of the school's ratings: ${scale.join(", ")}` });
    const [row] = await ctx.db
      .insert(recitations)
      .values({
        id: newId("rec"),
        schoolId: ctx.school.id,
        sessionId: session.id,
        studentId: body.student_id,
        kind: body.kind,
        startSurah: body.start.surah,
        startAyah: body.start.ayah,
        endSurah: body.end.surah,
        endAyah: body.end.ayah,
        rating: body.rating,
        mistakes: body.mistakes ?? null,
        note: body.note ?? null,
        recordedAt: body.recorded_at ? new Date(body.recorded_at) : ctx.now,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(recitationColumns);
    return { data: toRecitation(row!) };
  },
};
