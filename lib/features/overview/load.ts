import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/auth/actor";
import { clientFor } from "@/lib/connections";
import type { Halqa, Sheikh } from "@/lib/contract";
import { addDays, dateIn } from "@/lib/dates";
import { dashboardDb } from "@/lib/db";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { loadAttentionAcross } from "@/lib/features/progress/glance";
import { progressFreshness } from "@/lib/features/progress/read-model";
import { getProgressSettings } from "@/lib/features/progress/settings";
import { halqasFor, halqasOfSemester, resolveSemester } from "@/lib/features/reference";
import { timetablesOf, type StoredTimetable } from "@/lib/features/timetable/store";
import { byName } from "@/lib/text-search";
import { mondayOf, schoolFigures, type FigureSort } from "./figures";
import { registerState, type RegisterState } from "./register-state";
import { planHeardByHalqa, type HeardCounts } from "@/lib/features/notebook/plan-heard-source";
import { dayKey, expectedOn, lastRegisters, registersOf } from "./store-reads";
import { schoolWide } from "@/lib/shared-for";

/**
 * The admin's overview (/admin, issue 25), one loader per streamed part. Records come from the
 * progress read model and the timetable from the dashboard's store; the school's API is asked only
 * for names: the school (memoized), semesters and every semester's halqas (per-tenant caches), the
 * active semester's halqas (fresh: a halqa opened a minute ago is there) and the sheikhs.
 */
export const overviewBase = cache(async (actor: Actor) => {
  const client = clientFor(actor.connectionId);
  const ofSemester = resolveSemester(actor.connectionId, undefined).then(async ({ selected }) => ({
    semester: selected,
    halqas: selected ? await halqasOfSemester(actor.connectionId, selected.id) : [],
  }));
  const [school, { semester, halqas }, allHalqas, sheikhs] = await Promise.all([
    client.tenant(),
    ofSemester,
    halqasFor(actor.connectionId),
    client.listAll("listSheikhs", { query: { limit: API_PAGE_SIZE } }).then((page) => page.items),
  ]);
  const timetables = semester
    ? await timetablesOf(actor.connectionId, semester.id)
    : new Map<string, StoredTimetable>();
  const scope = { connectionId: actor.connectionId, tenantId: school.id };
  return {
    school,
    semester,
    halqas,
    allHalqas,
    sheikhs,
    timetables,
    scope,
    today: dateIn(school.time_zone),
    now: new Date(),
  };
});

/** Students expected on today's registers of the timetabled halqas: Today and the teachers' part ask it once a request. */
const expectedToday = cache(async (actor: Actor) => {
  const base = await overviewBase(actor);
  const ids = base.halqas.filter((halqa) => base.timetables.has(halqa.id)).map((halqa) => halqa.id);
  return expectedOn(await dashboardDb(), base.scope, ids, base.today);
});

const sheikhNames = (sheikhs: readonly Sheikh[]) => new Map(sheikhs.map((s) => [s.id, s.name]));
/** Each halqa's eligible sheikhs by name, in one pass (not a scan of every sheikh per halqa and day). */
function eligibleBy(sheikhs: readonly Sheikh[]): (halqaId: string) => readonly Sheikh[] {
  const byHalqa = new Map<string, Sheikh[]>();
  for (const s of [...sheikhs].sort(byName))
    for (const halqaId of new Set(s.halqa_ids))
      (byHalqa.get(halqaId) ?? byHalqa.set(halqaId, []).get(halqaId)!).push(s);
  return (halqaId) => byHalqa.get(halqaId) ?? [];
}

export type TodayRow = {
  halqa: Pick<Halqa, "id" | "name">;
  startsAt: string;
  endsAt: string | null;
  state: RegisterState;
  teachers: string[];
};

/** Today: each timetabled halqa of the active semester and where its register stands (the page orders them: `todayView`). */
export async function loadOverviewToday(actor: Actor) {
  const base = await overviewBase(actor);
  const db = await dashboardDb();
  const timed = base.halqas.filter((halqa) => base.timetables.has(halqa.id));
  const ids = timed.map((halqa) => halqa.id);
  const [registers, expected, freshness] = await Promise.all([
    registersOf(db, base.scope, ids, { from: base.today, to: base.today }),
    expectedToday(actor),
    progressFreshness(base.scope, db),
  ]);
  const rows = todayRows({ ...base, halqas: timed, timeZone: base.school.time_zone, registers, expected });
  return { rows, untimed: base.halqas.length - timed.length, freshness, today: base.today };
}

/**
 * Where each timetabled halqa's register stands today (`registerState`), with its teachers: the
 * admin's overview and a teacher's Today give the same state for the same halqa (issue 58.10).
 */
export function todayRows(day: {
  halqas: readonly Pick<Halqa, "id" | "name">[];
  timetables: ReadonlyMap<string, StoredTimetable>;
  sheikhs: readonly Sheikh[];
  registers: Awaited<ReturnType<typeof registersOf>>;
  expected: ReadonlyMap<string, number>;
  today: string;
  timeZone: string;
  now: Date;
}): TodayRow[] {
  const names = sheikhNames(day.sheikhs);
  const eligible = eligibleBy(day.sheikhs);
  return day.halqas.map((halqa) => {
    const timetable = day.timetables.get(halqa.id)!;
    const state = registerState({
      timetable,
      date: day.today,
      timeZone: day.timeZone,
      now: day.now,
      sessions: day.registers.get(dayKey(halqa.id, day.today)) ?? [],
      expected: day.expected.get(halqa.id) ?? 0,
    });
    const session = "session" in state ? state.session : null;
    const teachers = session
      ? [names.get(session.sheikh_id) ?? session.sheikh_id]
      : eligible(halqa.id).map((s) => s.name);
    return {
      halqa: { id: halqa.id, name: halqa.name },
      startsAt: timetable.startsAt,
      endsAt: timetable.endsAt,
      state,
      teachers,
    };
  });
}

/** This week against last week and the term, per halqa of the active semester (figures.ts). */
export async function loadOverviewFigures(actor: Actor, sort: FigureSort) {
  const base = await overviewBase(actor);
  const db = await dashboardDb();
  const [settings, across] = await Promise.all([
    getProgressSettings(actor.connectionId, db),
    loadAttentionAcross(base.scope, base.school, null),
  ]);
  const figures = await schoolFigures(db, base.scope, {
    halqas: base.halqas,
    today: base.today,
    termFrom: base.semester?.starts_on ?? base.today,
    heardDays: settings.notHeardDays,
    currency: across.currency,
  });
  return { ...figures, rows: figures.sorted(sort), heardDays: settings.notHeardDays, freshness: across.freshness };
}

/** Students needing attention (the rules of docs/progress.md), grouped by halqa, the halqa named. */
export async function loadOverviewAttention(actor: Actor) {
  const base = await overviewBase(actor);
  const across = await loadAttentionAcross(base.scope, base.school, null);
  const names = new Map(base.allHalqas.map((halqa) => [halqa.id, halqa.name]));
  const groups = new Map<string, typeof across.items>();
  for (const item of across.items)
    (groups.get(item.halqaId) ?? groups.set(item.halqaId, []).get(item.halqaId)!).push(item);
  return {
    groups: [...groups]
      .map(([halqaId, items]) => ({ halqaId, name: names.get(halqaId) ?? halqaId, items }))
      .sort((a, b) => b.items.length - a.items.length || a.name.localeCompare(b.name)),
    freshness: across.freshness,
  };
}

export type TeacherRow = {
  id: string;
  name: string;
  last: { date: string; sessionId: string } | null;
  missing: number;
};

/**
 * Teachers (the school's sheikhs): the last register each took (a session of theirs with a mark), and
 * the registers missing this week (Monday to now) of the timetabled halqas: a missing register of a
 * day with a session is the session's sheikh's; one without a session is every eligible sheikh's.
 */
export async function loadOverviewTeachers(actor: Actor) {
  const base = await overviewBase(actor);
  const db = await dashboardDb();
  const monday = mondayOf(base.today);
  const timed = base.halqas.filter((halqa) => base.timetables.has(halqa.id));
  const ids = timed.map((halqa) => halqa.id);
  const [last, registers, expected] = await Promise.all([
    lastRegisters(db, base.scope),
    registersOf(db, base.scope, ids, { from: monday, to: base.today }),
    expectedToday(actor),
  ]);
  const missing = new Map<string, number>();
  const eligible = eligibleBy(base.sheikhs);
  for (const halqa of timed) {
    const timetable = base.timetables.get(halqa.id)!;
    for (let date = monday; date <= base.today; date = addDays(date, 1)) {
      const state = registerState({
        timetable,
        date,
        timeZone: base.school.time_zone,
        now: base.now,
        sessions: registers.get(dayKey(halqa.id, date)) ?? [],
        expected: expected.get(halqa.id) ?? 0,
      });
      if (state.kind !== "missing") continue;
      const owners = state.session ? [state.session.sheikh_id] : eligible(halqa.id).map((s) => s.id);
      for (const id of owners) missing.set(id, (missing.get(id) ?? 0) + 1);
    }
  }
  const rows: TeacherRow[] = base.sheikhs.map((s) => ({
    id: s.id,
    name: s.name,
    last: last.get(s.id) ?? null,
    missing: missing.get(s.id) ?? 0,
  }));
  rows.sort((a, b) => b.missing - a.missing || a.name.localeCompare(b.name));
  return { rows, monday };
}

export type PlanHeardRow = { halqa: Pick<Halqa, "id" | "name"> } & HeardCounts & { notHeard: number };

/**
 * The school's plan against register reads every due assignment and recitation of its students: about
 * half a second for 5,000 students (docs/scale.md). Like the figures, counted at most once a minute per
 * school; a halqa's page counts its own on each request.
 */
const planHeardShared = schoolWide<Awaited<ReturnType<typeof planHeardByHalqa>>>();

/**
 * Plan against register per halqa of the active semester (issue 29.4, the rule of
 * lib/features/notebook/plan-heard.ts): the published assignments due within a week of today, how
 * many are heard, partly heard and not heard yet (the halqa page's counts, the same figures); the
 * most not heard first, then the most partly heard. Only halqas with one.
 */
export async function loadOverviewPlanHeard(actor: Actor) {
  const base = await overviewBase(actor);
  const ids = base.halqas.map((halqa) => halqa.id);
  const counts = await planHeardShared(base.scope.connectionId, [base.scope.tenantId, base.today, ids], () =>
    planHeardByHalqa(base.scope, ids, base.today),
  );
  const rows: PlanHeardRow[] = base.halqas.flatMap((halqa) => {
    const count = counts.get(halqa.id);
    if (!count) return [];
    return [{ halqa: { id: halqa.id, name: halqa.name }, ...count, notHeard: count.due - count.heard - count.partly }];
  });
  return {
    rows: rows.sort(
      (a, b) => b.notHeard - a.notHeard || b.partly - a.partly || a.halqa.name.localeCompare(b.halqa.name),
    ),
    today: base.today,
  };
}
