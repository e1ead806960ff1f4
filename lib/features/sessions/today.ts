import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/auth/actor";

import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { dashboardDb } from "@/lib/db";
import { todayRows, type TodayRow } from "@/lib/features/overview/load";
import { expectedOn, registersOf } from "@/lib/features/overview/store-reads";
import { timetablesOf } from "@/lib/features/timetable/store";
import { byName } from "@/lib/text-search";
import { clientFor } from "@/lib/connections";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { resolveSemester } from "@/lib/features/reference";
import { dateIn } from "@/lib/dates";
import { sortNewestFirst, summarize, visibleSessions, type SessionSummary } from "./list";
import { MAX_COUNTED_SESSIONS, startChoices, withNames, type SessionItem } from "./queries";
import { startGroups } from "./start-options";

/**
 * /today's reads, one cached piece per part of the page, so each part streams on its own and no
 * call is made twice in a request. Calls: today's sessions, open sessions, the active semester's
 * halqas, eligible sheikhs (all at once, as the parts ask), then attendance of at most five of
 * today's sessions.
 */
export const loadTodayBase = cache(async (actor: Actor) => {
  const client = clientFor(actor.connectionId);
  const [subject, school, { selected: semester }] = await Promise.all([
    subjectOf(actor),
    client.tenant(),
    resolveSemester(actor.connectionId, undefined),
  ]);
  return { subject, school, semester, today: dateIn(school.time_zone) };
});

/** Halqas of the active semester and all sheikhs: the names on the cards and the start form's choices. */
const todayNames = cache(async (actor: Actor) => {
  const client = clientFor(actor.connectionId);
  const { semester } = await loadTodayBase(actor);
  return startChoices(client, semester);
});

/** The names of the active semester's halqas by id (Today's "needs attention" names each student's halqa). */
export const loadTodayHalqaNames = cache(
  async (actor: Actor): Promise<Map<string, string>> =>
    new Map((await todayNames(actor)).halqas.map((h) => [h.id, h.name])),
);

/** Today's sessions the actor may see, without names: the open sessions leave these out. */
const visibleToday = cache(async (actor: Actor) => {
  const { subject, today } = await loadTodayBase(actor);
  const todays = await clientFor(actor.connectionId).listAll("listSessions", {
    query: { date_from: today, date_to: today, limit: API_PAGE_SIZE },
  });
  return visibleSessions(subject, todays.items);
});

export type TodaySessionsData = {
  sessions: SessionItem[];
  /** Attendance counts by session id, when there were few enough sessions to count. */
  counts: Map<string, SessionSummary> | null;
};

export const loadTodaysSessions = cache(async (actor: Actor): Promise<TodaySessionsData> => {
  const [todays, { halqas, sheikhs }] = await Promise.all([visibleToday(actor), todayNames(actor)]);
  // The class first: a session still open (the one to mark now) before those already ended.
  const sessions = sortNewestFirst(withNames(todays, halqas, sheikhs)).sort(
    (a, b) => Number(b.status === "open") - Number(a.status === "open"),
  );
  if (sessions.length === 0 || sessions.length > MAX_COUNTED_SESSIONS) return { sessions, counts: null };
  const client = clientFor(actor.connectionId);
  const rows = await Promise.all(
    sessions.map((s) => client.listAll("listAttendance", { params: { id: s.id }, query: { limit: API_PAGE_SIZE } })),
  );
  return { sessions, counts: new Map(sessions.map((s, i) => [s.id, summarize(rows[i]?.items ?? [])])) };
});

/** Open sessions of any day; a session of today that is still open is listed once, under today's. */
export const loadOpenSessions = cache(async (actor: Actor): Promise<TodaySessionsData> => {
  const { subject } = await loadTodayBase(actor);
  const [open, todays, { halqas, sheikhs }] = await Promise.all([
    clientFor(actor.connectionId).listAll("listSessions", { query: { status: "open", limit: API_PAGE_SIZE } }),
    visibleToday(actor),
    todayNames(actor),
  ]);
  const todayIds = new Set(todays.map((s) => s.id));
  const sessions = sortNewestFirst(withNames(visibleSessions(subject, open.items), halqas, sheikhs)).filter(
    (s) => !todayIds.has(s.id),
  );
  return { sessions, counts: null };
});

/** The start form's halqas and their eligible sheikhs. */
export async function loadTodayStart(actor: Actor) {
  const [{ subject, semester }, { halqas, sheikhs }] = await Promise.all([loadTodayBase(actor), todayNames(actor)]);
  return startGroups(subject, semester?.id ?? null, halqas, sheikhs);
}

/**
 * A teacher's halqas timetabled for today and where each one's register stands (issue 58.10): the
 * halqas they teach (by their own `semester_id`: a school may ignore the filter), the timetable
 * from the dashboard's store, the registers from the progress read model, as the admin's overview
 * reads them (`todayRows`), so a halqa "Missing" there is "Missing" here. No v1 call of its own.
 */
export const loadTodayTimetable = cache(async (actor: Actor): Promise<TodayRow[]> => {
  const { subject, school, semester, today } = await loadTodayBase(actor);
  if (!semester) return [];
  const [{ halqas, sheikhs }, timetables] = await Promise.all([
    todayNames(actor),
    timetablesOf(actor.connectionId, semester.id),
  ]);
  const mine = halqas
    .filter((h) => h.semester_id === semester.id && timetables.has(h.id) && can.viewHalqa(subject, h.id))
    .sort(byName);
  const ids = mine.map((h) => h.id);
  const db = await dashboardDb();
  const scope = { connectionId: actor.connectionId, tenantId: school.id };
  const [registers, expected] = await Promise.all([
    registersOf(db, scope, ids, { from: today, to: today }),
    expectedOn(db, scope, ids, today),
  ]);
  return todayRows({
    halqas: mine,
    timetables,
    sheikhs,
    registers,
    expected,
    today,
    timeZone: school.time_zone,
    now: new Date(),
  }).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
});
