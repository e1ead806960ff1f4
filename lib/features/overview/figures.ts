import "server-only";
import type { Halqa } from "@/lib/contract";
import { addDays } from "@/lib/dates";
import type { DashboardDb } from "@/lib/db/client";
import type { StoreScope } from "@/lib/features/plans/mirror/reads";
import { halqaFigures, sortFigures, type FigureRow, type FigureSort } from "./figure-rows";
import { activeAndHeard, marksByWeek, recitationsByWeek } from "./store-reads";
import { schoolWide } from "@/lib/shared-for";

export type { FigureRow, FigureSort } from "./figure-rows";

export const TREND_WEEKS = 12;

type Input = {
  halqas: readonly Pick<Halqa, "id" | "name">[];
  today: string;
  /** The active semester's first day: the term's figures count from there. */
  termFrom: string;
  /** The school's "not heard in N days": the share heard counts the same N days as needs attention. */
  heardDays: number;
  currency: ReadonlyMap<string, number | null>;
};

/**
 * The whole school's figures read a term of every halqa's registers, grouped in the database: a few
 * hundred milliseconds on a school of 5,000 students. Like the school-wide attention list
 * (glance.ts) they are computed at most once a minute per school and semester in this process and
 * shared by the requests meanwhile; the records move with sync cycles and the dashboard's own writes.
 */
const shared = schoolWide<FigureRow[]>();

export async function schoolFigures(db: DashboardDb, scope: StoreScope, input: Input) {
  const thisWeek = mondayOf(input.today);
  const weeks = Array.from({ length: TREND_WEEKS }, (_, i) => addDays(thisWeek, -7 * (TREND_WEEKS - 1 - i)));
  const key = [
    scope.tenantId ?? null,
    input.today,
    input.termFrom,
    input.heardDays,
    input.halqas.map((h) => [h.id, h.name]),
  ];
  const rows = (await shared(scope.connectionId, key, () => compute(db, scope, input, weeks))).map((row) => ({
    ...row,
    currency: input.currency.get(row.id) ?? null,
  }));
  return { weeks, thisWeek, lastWeek: addDays(thisWeek, -7), sorted: (sort: FigureSort) => sortFigures(rows, sort) };
}

async function compute(db: DashboardDb, scope: StoreScope, input: Input, weeks: string[]): Promise<FigureRow[]> {
  const range = { from: [weeks[0]!, input.termFrom].sort()[0]!, to: input.today, termFrom: input.termFrom };
  const ids = input.halqas.map((h) => h.id);
  const [marks, recitations, people] = await Promise.all([
    marksByWeek(db, scope, range),
    recitationsByWeek(db, scope, range),
    activeAndHeard(db, scope, ids, addDays(input.today, -input.heardDays)),
  ]);
  return halqaFigures({ halqas: input.halqas, marks, recitations, people, weeks });
}

/** Monday of a school date's ISO week. */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}
