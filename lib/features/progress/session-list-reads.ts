import "server-only";
import { and, eq, gte, inArray, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Session } from "@/lib/contract";
import { progressSessions, progressSyncState } from "@/lib/db/schema-progress";
import type { DashboardDb } from "@/lib/db/client";
import type { StoreScope } from "@/lib/features/plans/mirror/reads";

/**
 * The sessions list's reads of the progress read model (no v1 call): one window of the sessions
 * matching a list's filters, newest first, and how many match; and where the sessions the store does
 * not have yet begin (the last sessions traversal's tail, lib/features/progress/sync.ts).
 */

/** The filters of a sessions list, as the records' own fields say them; `visibleTo` narrows to a teacher's. */
export type StoredSessionFilters = {
  from: string;
  to: string;
  halqaId: string | null;
  status: string | null;
  semesterId: string | null;
  /** null: every session (an admin); otherwise sessions of these sheikhs or halqas (a teacher). */
  visibleTo: { sheikhIds: readonly string[]; halqaIds: readonly string[] } | null;
  /** Left out: the tail read fresh from the API has these. */
  excludeIds: readonly string[];
};

export type SessionsTail = {
  tenantId: string | null;
  updatedAfter: string | null;
  cursor: string | null;
  at: Date;
};

/** The tail of the last sessions traversal; null before the first one reached its end. */
export async function sessionsTail(db: DashboardDb, connectionId: string): Promise<SessionsTail | null> {
  const [row] = await db
    .select({
      tenantId: progressSyncState.tenantId,
      updatedAfter: progressSyncState.sessionsTailUpdatedAfter,
      cursor: progressSyncState.sessionsTailCursor,
      at: progressSyncState.sessionsTailAt,
    })
    .from(progressSyncState)
    .where(eq(progressSyncState.connectionId, connectionId))
    .limit(1);
  return row?.at ? { ...row, at: row.at } : null;
}

const field = (name: string) => sql`${progressSessions.data}->>${name}`;

/**
 * Newest first, as `sortNewestFirst` (lib/features/sessions/list.ts) orders: date, start, creation,
 * then id (byte order), the same tie-break `compareNewestFirst` uses.
 */
const NEWEST_FIRST = [
  sql`${progressSessions.date} desc`,
  sql`(${field("starts_at")})::timestamptz desc`,
  sql`coalesce((${field("created_at")})::timestamptz, 'epoch'::timestamptz) desc`,
  sql`${progressSessions.id} collate "C" asc`,
];

function where(scope: StoreScope, filters: StoredSessionFilters): SQL {
  const { visibleTo } = filters;
  return and(
    eq(progressSessions.connectionId, scope.connectionId),
    scope.tenantId ? eq(progressSessions.tenantId, scope.tenantId) : undefined,
    gte(progressSessions.date, filters.from),
    lte(progressSessions.date, filters.to),
    filters.halqaId ? eq(progressSessions.halqaId, filters.halqaId) : undefined,
    filters.status ? eq(progressSessions.status, filters.status) : undefined,
    filters.semesterId ? sql`${field("semester_id")} = ${filters.semesterId}` : undefined,
    visibleTo
      ? (or(
          visibleTo.sheikhIds.length ? inArray(field("sheikh_id"), [...visibleTo.sheikhIds]) : undefined,
          visibleTo.halqaIds.length ? inArray(progressSessions.halqaId, [...visibleTo.halqaIds]) : undefined,
        ) ?? sql`false`)
      : undefined,
    filters.excludeIds.length ? notInArray(progressSessions.id, [...filters.excludeIds]) : undefined,
  )!;
}

/** How many stored sessions match. */
export async function countStoredSessions(
  db: DashboardDb,
  scope: StoreScope,
  filters: StoredSessionFilters,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(progressSessions)
    .where(where(scope, filters));
  return row?.n ?? 0;
}

/** The window `offset`…`offset + limit` of the stored sessions that match, newest first. */
export async function storedSessionWindow(
  db: DashboardDb,
  scope: StoreScope,
  filters: StoredSessionFilters,
  window: { offset: number; limit: number },
): Promise<Session[]> {
  if (window.limit <= 0) return [];
  const rows = await db
    .select({ data: progressSessions.data })
    .from(progressSessions)
    .where(where(scope, filters))
    .orderBy(...NEWEST_FIRST)
    .offset(window.offset)
    .limit(window.limit);
  return rows.map((row) => row.data);
}

/** The halqas of the stored sessions that match (a teacher's list offers them in its halqa filter). */
export async function storedSessionHalqas(
  db: DashboardDb,
  scope: StoreScope,
  filters: StoredSessionFilters,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ halqaId: progressSessions.halqaId })
    .from(progressSessions)
    .where(where(scope, filters));
  return rows.map((row) => row.halqaId);
}
