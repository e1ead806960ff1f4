import type { Halqa } from "@/lib/contract";
import { rateOfMarks } from "@/lib/features/progress/figures";

/**
 * Each halqa's figures of the overview, pure (tested without a database): the attendance rate as
 * `rateOfMarks` counts it (the one definition, lib/features/progress/figures.ts), recitations per
 * active student, the share of active students heard lately, and the revision currency of its juz.
 */
export type Rate = { rate: number | null; counted: number };
export type FigureRow = {
  id: string;
  name: string;
  attendance: { week: Rate; last: Rate; term: Rate };
  /** Recitations per active student; null without active students. */
  recitations: { week: number | null; last: number | null; term: number | null };
  active: number;
  heard: number | null;
  currency: number | null;
  /** Attendance rate of each of the trend's weeks, oldest first. */
  trend: (number | null)[];
};

export const SORT_KEYS = [
  "name",
  "attendanceWeek",
  "attendanceLast",
  "attendanceTerm",
  "recitationsWeek",
  "recitationsTerm",
  "heard",
  "currency",
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type FigureSort = { key: SortKey; dir: "asc" | "desc" };

type Input = {
  halqas: readonly Pick<Halqa, "id" | "name">[];
  marks: readonly { halqaId: string; week: string; inTerm: boolean; status: string; n: number }[];
  recitations: readonly { halqaId: string; week: string; inTerm: boolean; n: number }[];
  people: ReadonlyMap<string, { active: number; heard: number }>;
  /** The trend's weeks (Mondays), oldest first; the last is this week, the one before it last week. */
  weeks: readonly string[];
};

export function halqaFigures(input: Input): FigureRow[] {
  const thisWeek = input.weeks.at(-1);
  const lastWeek = input.weeks.at(-2);
  return input.halqas.map((halqa) => {
    const marks = input.marks.filter((m) => m.halqaId === halqa.id);
    const tally = (keep: (m: (typeof marks)[number]) => boolean): Rate => {
      const counts: Record<string, number> = {};
      for (const m of marks) if (keep(m)) counts[m.status] = (counts[m.status] ?? 0) + m.n;
      const { rate, counted } = rateOfMarks(counts);
      return { rate, counted };
    };
    const recited = input.recitations.filter((r) => r.halqaId === halqa.id);
    const people = input.people.get(halqa.id) ?? { active: 0, heard: 0 };
    const perStudent = (keep: (r: (typeof recited)[number]) => boolean) =>
      people.active === 0 ? null : recited.filter(keep).reduce((sum, r) => sum + r.n, 0) / people.active;
    return {
      id: halqa.id,
      name: halqa.name,
      attendance: {
        week: tally((m) => m.week === thisWeek),
        last: tally((m) => m.week === lastWeek),
        term: tally((m) => m.inTerm),
      },
      recitations: {
        week: perStudent((r) => r.week === thisWeek),
        last: perStudent((r) => r.week === lastWeek),
        term: perStudent((r) => r.inTerm),
      },
      active: people.active,
      heard: people.active === 0 ? null : people.heard / people.active,
      currency: null,
      trend: input.weeks.map((week) => tally((m) => m.week === week).rate),
    };
  });
}

const VALUE: Record<Exclude<SortKey, "name">, (row: FigureRow) => number | null> = {
  attendanceWeek: (r) => r.attendance.week.rate,
  attendanceLast: (r) => r.attendance.last.rate,
  attendanceTerm: (r) => r.attendance.term.rate,
  recitationsWeek: (r) => r.recitations.week,
  recitationsTerm: (r) => r.recitations.term,
  heard: (r) => r.heard,
  currency: (r) => r.currency,
};

/** Sorted by one column; a halqa without the figure comes last either way, then by name. */
export function sortFigures(rows: readonly FigureRow[], sort: FigureSort): FigureRow[] {
  const sign = sort.dir === "asc" ? 1 : -1;
  if (sort.key === "name") return rows.toSorted((a, b) => sign * a.name.localeCompare(b.name));
  const value = VALUE[sort.key];
  return rows.toSorted((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    return sign * (x - y) || a.name.localeCompare(b.name);
  });
}
