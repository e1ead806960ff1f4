import "server-only";
import type { Session } from "@/lib/contract";
import { keepMatching } from "@/lib/contract/list-checks";
import type { QueryOf } from "@/lib/contract/endpoints";
import type { Subject } from "@/lib/authz/policy";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import { orNull } from "@/lib/features/records";
import {
  countStoredSessions,
  sessionsTail,
  storedSessionHalqas,
  storedSessionWindow,
} from "@/lib/features/progress/session-list-reads";
import { progressIntervalMinutes } from "@/lib/jobs/intervals";
import { failureOf, isMalformedRequest, type V1Client } from "@/lib/v1";
import { compareNewestFirst, visibleSessions } from "./list";

/**
 * /sessions from the progress read model (docs/scale.md, "The sessions list from the store"). The
 * store is as the last sync (and the dashboard's own writes) left it; what it may not know is read
 * fresh: the tail (the last sync traversal's query from the cursor of its last page, so every session
 * created since: the API lists in creation order) and the sessions open now (`status=open`, the
 * spec's filter name). An ended session is final (v1's one lifecycle change is the end), so every
 * stored session not among those fresh ones reads as ended now; one the store still holds as open
 * has ended since, and is read again by id when it is shown. The stored ones are counted and paged in
 * SQL, newest first, and merged with the fresh ones. Null when the store cannot serve the list (never
 * synced, another school's, behind, a tail or an open list too long, a cursor refused): the caller
 * then reads the API as before.
 */

/** A tail, or an open list, longer than this many API pages: the store is far behind, or the API ignores the filter. */
const MAX_FRESH_PAGES = 20;
const FRESH_PAGE_SIZE = 100;

/** How old the tail may be: twice the sync's interval, and at least an hour. */
export function storeStaleAfterMs(env: Record<string, string | undefined> = process.env): number {
  return Math.max(60, 2 * progressIntervalMinutes(env)) * 60_000;
}

export type StoreListRequest = {
  connectionId: string;
  tenantId: string;
  subject: Subject;
  /** The query the API-backed list sends: the one definition of its filters, re-checked by the records' own fields. */
  query: QueryOf<"listSessions">;
  page: number;
  perPage: number;
};

export type StoreListPage = {
  items: Session[];
  page: number;
  pages: number;
  total: number;
  /** Halqas of every matching session a teacher may see (null for an admin, who may pick any). */
  halqaIds: Set<string> | null;
};

type ListClient = Pick<V1Client, "call">;

export async function sessionsFromStore(
  client: ListClient,
  request: StoreListRequest,
  db?: DashboardDb,
): Promise<StoreListPage | null> {
  const store = db ?? (await dashboardDb());
  const tail = await sessionsTail(store, request.connectionId);
  if (!tail || tail.tenantId !== request.tenantId || Date.now() - tail.at.getTime() > storeStaleAfterMs()) return null;
  const [created, open] = await Promise.all([
    readAll(client, { ...(tail.updatedAfter ? { updated_after: tail.updatedAfter } : {}) }, tail.cursor),
    readAll(client, { status: "open" }, null),
  ]);
  if (!created || !open) return null;
  const fresh = newestById([...created, ...keepMatching("listSessions", { query: { status: "open" } }, open)]);
  const { subject, query, perPage } = request;
  const matches = (sessions: readonly Session[]) =>
    visibleSessions(subject, keepMatching("listSessions", { query }, sessions));
  const newer = matches(fresh).sort(compareNewestFirst);
  const filters = {
    from: query.date_from ?? "0000-01-01",
    to: query.date_to ?? "9999-12-31",
    halqaId: query.halqa_id ?? null,
    // Every stored session that is not fresh is ended now: none is open, each may be ended.
    status: null,
    semesterId: query.semester_id ?? null,
    visibleTo: subject.role === "admin" ? null : { sheikhIds: subject.sheikhIds, halqaIds: [...subject.halqaIds] },
    // The fresh version of a session wins, whether or not it still matches.
    excludeIds: fresh.map((s) => s.id),
  };
  const fromStore = query.status !== "open";
  const scope = { connectionId: request.connectionId, tenantId: request.tenantId };
  const [stored, halqaIds] = fromStore
    ? await Promise.all([
        countStoredSessions(store, scope, filters),
        filters.visibleTo ? storedSessionHalqas(store, scope, filters) : Promise.resolve(null),
      ])
    : [0, filters.visibleTo ? [] : null];
  const total = stored + newer.length;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, request.page), pages);
  const offset = (page - 1) * perPage;
  // The merged list's window [offset, offset + perPage) lies within this stored window and the fresh ones.
  const from = Math.max(0, offset - newer.length);
  const window = fromStore
    ? await storedSessionWindow(store, scope, filters, { offset: from, limit: offset + perPage - from })
    : [];
  const first = window[0];
  const after = from === 0 || !first ? newer : newer.filter((s) => compareNewestFirst(s, first) > 0);
  const base = from + (newer.length - after.length);
  const shown = [...window, ...after].sort(compareNewestFirst).slice(offset - base, offset - base + perPage);
  const freshIds = new Set(fresh.map((s) => s.id));
  const items = await Promise.all(
    shown.map((session) =>
      session.status === "open" && !freshIds.has(session.id)
        ? orNull(client.call("getSession", { params: { id: session.id } }))
        : Promise.resolve(session),
    ),
  );
  // Ended since the sync, read again: shown as it is now (and left out in the rare case it no longer matches).
  const current = matches(items.filter((s): s is Session => s !== null)).sort(compareNewestFirst);
  return {
    items: current,
    page,
    pages,
    total,
    halqaIds: halqaIds && new Set([...halqaIds, ...newer.map((s) => s.halqa_id)]),
  };
}

/** One version per id, the newest (`updated_at`). */
function newestById(sessions: readonly Session[]): Session[] {
  const byId = new Map<string, Session>();
  for (const session of sessions) {
    const known = byId.get(session.id);
    if (!known || Date.parse(known.updated_at) <= Date.parse(session.updated_at)) byId.set(session.id, session);
  }
  return [...byId.values()];
}

/**
 * Every page of `GET /sessions?{query}` from `cursor` (null: from the start); null when it is longer
 * than MAX_FRESH_PAGES or the cursor is refused (a school whose cursor secret changed).
 */
async function readAll(
  client: ListClient,
  query: QueryOf<"listSessions">,
  cursor: string | null,
): Promise<Session[] | null> {
  const items: Session[] = [];
  let next = cursor;
  for (let pages = 0; pages < MAX_FRESH_PAGES; pages++) {
    let result;
    try {
      result = await client.call("listSessions", {
        query: { ...query, limit: FRESH_PAGE_SIZE, ...(next ? { cursor: next } : {}) },
      });
    } catch (error) {
      if (isMalformedRequest(failureOf(error))) return null;
      throw error;
    }
    items.push(...result.data);
    if (!result.pagination.has_more || !result.pagination.next_cursor) return items;
    next = result.pagination.next_cursor;
  }
  return null;
}
