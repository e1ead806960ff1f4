import "server-only";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Session } from "@/lib/contract";
import { halqaTimetable } from "@/lib/db/schema-timetable";
import { progressSessions } from "@/lib/db/schema-progress";
import { addDays } from "@/lib/dates";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import type { StoreScope } from "@/lib/features/plans/mirror/reads";
import { isWeekday, normalised, SUGGESTION_DAYS, type Timetable } from "./rules";

/**
 * The timetable in the dashboard's store (`halqa_timetable`, its own data: the API has none), by
 * connection and halqa, carrying the halqa's semester. The suggestion's sessions come from the
 * progress read model (docs/progress.md), never from the API page by page.
 */
export type StoredTimetable = Timetable & { halqaId: string; semesterId: string };

type Row = typeof halqaTimetable.$inferSelect;
const shape = (row: Row): StoredTimetable => ({
  halqaId: row.halqaId,
  semesterId: row.semesterId,
  weekdays: row.weekdays.filter(isWeekday),
  startsAt: row.startsAt,
  endsAt: row.endsAt,
});

/** The timetables of a semester's halqas, by halqa id. */
export async function timetablesOf(
  connectionId: string,
  semesterId: string,
  db?: DashboardDb,
): Promise<Map<string, StoredTimetable>> {
  const store = db ?? (await dashboardDb());
  const rows = await store
    .select()
    .from(halqaTimetable)
    .where(and(eq(halqaTimetable.connectionId, connectionId), eq(halqaTimetable.semesterId, semesterId)));
  return new Map(rows.map((row) => [row.halqaId, shape(row)]));
}

/** The timetables of the given halqas (any semester), by halqa id. */
export async function timetablesFor(
  connectionId: string,
  halqaIds: readonly string[],
  db?: DashboardDb,
): Promise<Map<string, StoredTimetable>> {
  if (halqaIds.length === 0) return new Map();
  const store = db ?? (await dashboardDb());
  const rows = await store
    .select()
    .from(halqaTimetable)
    .where(and(eq(halqaTimetable.connectionId, connectionId), inArray(halqaTimetable.halqaId, [...halqaIds])));
  return new Map(rows.map((row) => [row.halqaId, shape(row)]));
}

export async function saveTimetable(
  connectionId: string,
  halqa: { id: string; semesterId: string },
  timetable: Timetable,
  userId: string,
  db?: DashboardDb,
): Promise<void> {
  const store = db ?? (await dashboardDb());
  const t = normalised(timetable);
  const values = {
    semesterId: halqa.semesterId,
    weekdays: t.weekdays,
    startsAt: t.startsAt,
    endsAt: t.endsAt,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await store
    .insert(halqaTimetable)
    .values({ connectionId, halqaId: halqa.id, ...values })
    .onConflictDoUpdate({ target: [halqaTimetable.connectionId, halqaTimetable.halqaId], set: values });
}

export async function removeTimetable(connectionId: string, halqaId: string, db?: DashboardDb): Promise<void> {
  const store = db ?? (await dashboardDb());
  await store
    .delete(halqaTimetable)
    .where(and(eq(halqaTimetable.connectionId, connectionId), eq(halqaTimetable.halqaId, halqaId)));
}

/** The sessions of the given halqas dated in the suggestion's four weeks before today, by halqa id. */
export async function recentSessionsOf(
  scope: StoreScope,
  halqaIds: readonly string[],
  today: string,
  db?: DashboardDb,
): Promise<Map<string, Pick<Session, "date" | "starts_at">[]>> {
  const result = new Map<string, Pick<Session, "date" | "starts_at">[]>();
  if (halqaIds.length === 0) return result;
  const store = db ?? (await dashboardDb());
  const rows = await store
    .select({
      halqaId: progressSessions.halqaId,
      date: progressSessions.date,
      startsAt: sql<string>`${progressSessions.data}->>'starts_at'`,
    })
    .from(progressSessions)
    .where(
      and(
        eq(progressSessions.connectionId, scope.connectionId),
        ...(scope.tenantId ? [eq(progressSessions.tenantId, scope.tenantId)] : []),
        inArray(progressSessions.halqaId, [...halqaIds]),
        gte(progressSessions.date, addDays(today, -SUGGESTION_DAYS)),
        lt(progressSessions.date, today),
      ),
    )
    .orderBy(asc(progressSessions.date));
  for (const row of rows)
    (result.get(row.halqaId) ?? result.set(row.halqaId, []).get(row.halqaId)!).push({
      date: row.date,
      starts_at: row.startsAt,
    });
  return result;
}
