import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Context } from "../context";
import { paginate, type PageRequest } from "../pagination";

type Table = PgTable & { id: PgColumn; schoolId: PgColumn; updatedAt?: PgColumn };

/**
 * One page of a tenant's rows in id order, with the given filters. Every list of the API goes
 * through here, so tenant scoping and the traversal guarantees live in one place.
 */
export async function pageById<TRow extends { id: string }, TOut>(
  ctx: Context,
  options: {
    scope: string;
    table: Table;
    query: PageRequest & { updated_after?: string };
    filters: (SQL | undefined)[];
    map: (row: TRow) => TOut;
    sync?: boolean;
    /** Only these columns are read: private and sensitive ones never leave the database. */
    columns?: Record<string, PgColumn>;
  },
) {
  const { table, query } = options;
  const since = query.updated_after && table.updatedAt ? gt(table.updatedAt, new Date(query.updated_after)) : undefined;
  const page = await paginate<TRow>({
    school: ctx.school.id,
    scope: options.scope,
    query,
    now: ctx.now,
    key: (row) => row.id,
    withWatermark: options.sync,
    fetchAfter: async (after, n) => {
      const select = (options.columns ? ctx.db.select(options.columns) : ctx.db.select())
        .from(table)
        .where(
          and(eq(table.schoolId, ctx.school.id), since, after ? gt(table.id, after) : undefined, ...options.filters),
        )
        .orderBy(asc(table.id))
        .limit(n);
      const load = async () => (await select) as TRow[];
      return ctx.reads ? ctx.reads.rows(select, load) : load();
    },
  });
  return { data: page.data.map(options.map), pagination: page.pagination };
}

/**
 * A list's equality filters: `column = value` for each query parameter given, keyed by the
 * parameter's name. An absent (or empty) parameter filters nothing; `false` does filter.
 */
export function paramFilters<Q extends object>(
  query: Q,
  columns: Partial<Record<keyof Q & string, PgColumn>>,
): (SQL | undefined)[] {
  return Object.entries(columns).map(([name, column]) => {
    const value: unknown = query[name as keyof Q];
    return value === undefined || value === null || value === "" ? undefined : eq(column as PgColumn, value);
  });
}

/** One row of this school by id, or undefined: another school's id is indistinguishable from a missing one. */
export async function findOne<TRow>(
  ctx: Context,
  table: Table,
  id: string,
  columns?: Record<string, PgColumn>,
): Promise<TRow | undefined> {
  const rows = await (columns ? ctx.db.select(columns) : ctx.db.select())
    .from(table)
    .where(and(eq(table.schoolId, ctx.school.id), eq(table.id, id)))
    .limit(1);
  return rows[0] as TRow | undefined;
}

/** Today's date in the school's time zone. */
export function schoolToday(ctx: Context): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: ctx.school.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(ctx.now);
}
