import { and, eq, gte, lte } from "drizzle-orm";
import type { Context, Handlers } from "../context";
import { sessions } from "../db/schema";
import { ApiError, notFound } from "../errors";
import { requireEligibleHalqa, requireEligibleSheikh } from "../eligibility";
import { newId } from "../ids";
import { toSession } from "../mappers";
import { findOne, pageById, paramFilters, schoolToday } from "./shared";

type SessionRow = typeof sessions.$inferSelect;

export async function requireSession(ctx: Context, id: string | undefined): Promise<SessionRow> {
  const row = await findOne<SessionRow>(ctx, sessions, id ?? "");
  if (!row) throw notFound("Session");
  return row;
}

function requireOpen(session: SessionRow): void {
  if (session.status === "ended") throw new ApiError("conflict", "The session has already ended", { status: "ended" });
}

export const sessionHandlers: Pick<
  Handlers,
  "listSessions" | "getSession" | "createSession" | "updateSession" | "endSession"
> = {
  listSessions: (ctx, { query }) =>
    pageById<SessionRow, ReturnType<typeof toSession>>(ctx, {
      scope: "sessions",
      table: sessions,
      query,
      filters: [
        ...paramFilters(query, {
          halqa_id: sessions.halqaId,
          sheikh_id: sessions.sheikhId,
          semester_id: sessions.semesterId,
          status: sessions.status,
        }),
        query.date_from ? gte(sessions.date, query.date_from) : undefined,
        query.date_to ? lte(sessions.date, query.date_to) : undefined,
      ],
      map: toSession,
      sync: true,
    }),

  getSession: async (ctx, { params }) => ({ data: toSession(await requireSession(ctx, params.id)) }),

  createSession: async (ctx, { body }) => {
    const halqa = await requireEligibleHalqa(ctx, body.halqa_id);
    await requireEligibleSheikh(ctx, body.sheikh_id, halqa.id);
    const [row] = await ctx.db
      .insert(sessions)
      .values({
        id: newId("ses"),
        schoolId: ctx.school.id,
        halqaId: halqa.id,
        sheikhId: body.sheikh_id,
        semesterId: halqa.semesterId,
        status: "open",
        date: body.date ?? schoolToday(ctx),
        startsAt: body.starts_at ? new Date(body.starts_at) : ctx.now,
        topic: body.topic ?? null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    return { data: toSession(row!) };
  },

  updateSession: async (ctx, { params, body }) => {
    const session = await requireSession(ctx, params.id);
    requireOpen(session);
    await requireEligibleHalqa(ctx, session.halqaId);
    await requireEligibleSheikh(ctx, body.sheikh_id ?? session.sheikhId, session.halqaId);
    const [row] = await ctx.db
      .update(sessions)
      .set({
        sheikhId: body.sheikh_id,
        date: body.date,
        startsAt: body.starts_at ? new Date(body.starts_at) : undefined,
        topic: body.topic,
        updatedAt: ctx.now,
      })
      .where(and(eq(sessions.schoolId, ctx.school.id), eq(sessions.id, session.id)))
      .returning();
    return { data: toSession(row!) };
  },

  endSession: async (ctx, { params }) => {
    const session = await requireSession(ctx, params.id);
    requireOpen(session);
    await requireEligibleHalqa(ctx, session.halqaId);
    await requireEligibleSheikh(ctx, session.sheikhId, session.halqaId);
    const [row] = await ctx.db
      .update(sessions)
      .set({ status: "ended", endedAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(sessions.schoolId, ctx.school.id), eq(sessions.id, session.id), eq(sessions.status, "open")))
      .returning();
    if (!row) throw new ApiError("conflict", "The session has already ended", { status: "ended" });
    return { data: toSession(row) };
  },
};
