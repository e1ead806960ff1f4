import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Handlers, Context } from "../context";
import { halqas, halqaSheikhs, semesters, sheikhs } from "../db/schema";
import { notFound } from "../errors";
import { toHalqa, toSheikh } from "../mappers";
import { paginate } from "../pagination";
import { findOne, pageById, paramFilters } from "./shared";

type HalqaRow = typeof halqas.$inferSelect;
type SheikhRow = typeof sheikhs.$inferSelect;

/** The halqas each sheikh may teach now: active halqas of the active semester. */
async function currentHalqaIds(ctx: Context, sheikhIds: string[]): Promise<Map<string, string[]>> {
  const bySheikh = new Map<string, string[]>(sheikhIds.map((id) => [id, []]));
  if (sheikhIds.length === 0) return bySheikh;
  const links = await ctx.db
    .select({ sheikhId: halqaSheikhs.sheikhId, halqaId: halqaSheikhs.halqaId })
    .from(halqaSheikhs)
    .innerJoin(halqas, eq(halqas.id, halqaSheikhs.halqaId))
    .innerJoin(semesters, eq(semesters.id, halqas.semesterId))
    .where(
      and(
        eq(halqaSheikhs.schoolId, ctx.school.id),
        inArray(halqaSheikhs.sheikhId, sheikhIds),
        eq(halqas.isActive, true),
        eq(semesters.status, "active"),
      ),
    )
    .orderBy(asc(halqaSheikhs.halqaId));
  for (const link of links) bySheikh.get(link.sheikhId)?.push(link.halqaId);
  return bySheikh;
}

export const halqaHandlers: Pick<Handlers, "listHalqas" | "getHalqa" | "listSheikhs" | "getSheikh"> = {
  listHalqas: (ctx, { query }) =>
    pageById<HalqaRow, ReturnType<typeof toHalqa>>(ctx, {
      scope: "halqas",
      table: halqas,
      query,
      filters: paramFilters(query, {
        semester_id: halqas.semesterId,
        active: halqas.isActive,
        lineage_id: halqas.lineageId,
      }),
      map: toHalqa,
      sync: true,
    }),

  getHalqa: async (ctx, { params }) => {
    const row = await findOne<HalqaRow>(ctx, halqas, params.id ?? "");
    if (!row) throw notFound("Halqa");
    return { data: toHalqa(row) };
  },

  listSheikhs: async (ctx, { query }) => {
    const page = await paginate<SheikhRow>({
      school: ctx.school.id,
      scope: "sheikhs",
      query,
      now: ctx.now,
      key: (row) => row.id,
      fetchAfter: (after, n) => {
        const where = and(
          eq(sheikhs.schoolId, ctx.school.id),
          eq(sheikhs.status, "active"),
          after ? gt(sheikhs.id, after) : undefined,
        );
        if (!query.halqa_id) return ctx.db.select().from(sheikhs).where(where).orderBy(asc(sheikhs.id)).limit(n);
        // A current eligibility lookup: only sheikhs who may teach that halqa now.
        return ctx.db
          .select({ sheikh: sheikhs })
          .from(sheikhs)
          .innerJoin(halqaSheikhs, and(eq(halqaSheikhs.sheikhId, sheikhs.id), eq(halqaSheikhs.halqaId, query.halqa_id)))
          .innerJoin(halqas, and(eq(halqas.id, halqaSheikhs.halqaId), eq(halqas.isActive, true)))
          .innerJoin(semesters, and(eq(semesters.id, halqas.semesterId), eq(semesters.status, "active")))
          .where(where)
          .orderBy(asc(sheikhs.id))
          .limit(n)
          .then((rows) => rows.map((row) => row.sheikh));
      },
    });
    const halqaIds = await currentHalqaIds(
      ctx,
      page.data.map((row) => row.id),
    );
    return { data: page.data.map((row) => toSheikh(row, halqaIds.get(row.id) ?? [])), pagination: page.pagination };
  },

  getSheikh: async (ctx, { params }) => {
    const row = await findOne<SheikhRow>(ctx, sheikhs, params.id ?? "");
    if (!row || row.status !== "active") throw notFound("Sheikh");
    const halqaIds = await currentHalqaIds(ctx, [row.id]);
    return { data: toSheikh(row, halqaIds.get(row.id) ?? []) };
  },
};
