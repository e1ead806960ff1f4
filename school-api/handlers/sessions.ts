import { and, eq, gte, lte } from "drizzle-orm";
import type { Context, Handlers } from "../context";
import { sessions } from "../db/schema";
import { START_OFF_DATE, startFallsOnDate } from "@/lib/contract";
import { ApiError, notFound, validationFailed } from "../errors";
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

/**
 * The rule that a start falls on its date (lib/contract/bodies.ts), on the record as it will be
 * stored: a body that sends only one of the two is checked against the other as kept or defaulted
 * (`starts_at` of 2099 alone, on today's date, is refused). The field named is the one sent.
 */
function requireStartOnDate(date: string, startsAt: Date, sent: { date?: string; starts_at?: string }): void {
  if (startFallsOnDate(date, startsAt)) return;
  throw validationFailed({ [sent.starts_at ? "starts_at" : "date"]: START_OFF_DATE });
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
    const date = body.date ?? schoolToday(ctx);
    const startsAt = body.starts_at ? new Date(body.starts_at) : ctx.now;
    requireStartOnDate(date, startsAt, body);
    const [row] = await ctx.db
      .insert(sessions)
      .values({
        id: newId("ses"),
        schoolId: ctx.school.id,
        halqaId: halqa.id,
        sheikhId: body.sheikh_id,
        semesterId: halqa.semesterId,
        status: "open",
        date,
        startsAt,
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
    requireStartOnDate(body.date ?? session.date, body.starts_at ? new Date(body.starts_at) : session.startsAt, body);
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
