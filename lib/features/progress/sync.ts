import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Session } from "@/lib/contract";
import { progressSessions, progressSyncState, type ProgressCounts } from "@/lib/db/schema-progress";
import type { SyncProblem } from "@/lib/db/sync-state";
import { addDays, dateIn } from "@/lib/dates";
import { dashboardDb } from "@/lib/db";
import { recordsChanged } from "@/lib/db/changes";
import type { DashboardDb, DashboardExecutor } from "@/lib/db/client";
import { acquireLease, leaseUntil, NO_CYCLE, RELEASED, writeIfOwned, writeOwned } from "@/lib/jobs/lease";
import { checkTenant, problemOf } from "@/lib/features/sync/problem";
import { eachLimited, traverseAll, type SyncClient } from "@/lib/features/sync/traverse";
import { observeSyncCycle } from "@/lib/ops/metrics";
import { failureOf, isLeaseLost, isNotFound } from "@/lib/v1";
import { upsertProgress } from "./store-writes";

/**
 * The progress read model's sync (docs/progress.md), per school connection, modelled on the plan
 * sync (lib/features/plans/sync/): complete traversals, upsert by `id` (newer wins), `updated_after`
 * where the API takes it, progress committed page by page with the cursor (a stopped cycle resumes),
 * and a lease so that one instance at a time syncs a connection.
 *
 * v1 has no feed of attendance or recitation changes (a session's `updated_at` does not move when
 * its rows do), so a cycle reads them per session, and only where they can have changed:
 * 1. `students`: every student changed since the watermark (one paginated list).
 * 2. `sessions`: every session changed since the watermark (`updated_after`; the records are
 *    checked by their own `updated_at`, as a real API may ignore the filter); the attendance and
 *    recitations of each session that is new or changed are read in full.
 * 3. `recent`: the attendance and recitations of sessions still open or dated within the last
 *    `recentDays` school days (where marks are still being made and corrected), and of any session
 *    never read yet.
 * A full pass (no `updated_after`, every session's rows) runs first and then every `fullEveryMs`
 * (default 24 h), for corrections to older sessions that nothing else reveals.
 */

export type ProgressSyncOptions = {
  mode?: "auto" | "full";
  db?: DashboardDb;
  client?: SyncClient;
  concurrency?: number;
  pageSize?: number;
  leaseMs?: number;
  /** A full pass when the last one is older than this. Default 24 h (`PROGRESS_FULL_SYNC_HOURS`). */
  fullEveryMs?: number;
  /** School days back whose sessions are re-read every cycle. Default 3. */
  recentDays?: number;
  signal?: AbortSignal;
};

export type ProgressSyncResult =
  | {
      status: "completed";
      connectionId: string;
      mode: "full" | "incremental";
      resumed: boolean;
      cycle: ProgressCounts;
      requests: number;
      durationMs: number;
    }
  | { status: "busy"; connectionId: string }
  | { status: "denied"; connectionId: string; problem: SyncProblem; requests: number; durationMs: number };

type StateRow = typeof progressSyncState.$inferSelect;
type Phase = "students" | "sessions" | "recent";
type Cycle = {
  id: string;
  mode: "full" | "incremental";
  resumed: boolean;
  startedAt: Date;
  updatedAfter: string | null;
  cursor: string | null;
  watermark: string | null;
  phase: Phase;
  counts: ProgressCounts;
};

const zero = (): ProgressCounts => ({ students: 0, sessions: 0, attendance: 0, recitations: 0, requests: 0, pages: 0 });
const DEFAULT_FULL_EVERY_MS = 24 * 60 * 60_000;
/** Sessions whose rows are read, then committed, together in the `recent` phase. */
const RECENT_BATCH = 20;

export function fullEveryMsFromEnv(env: Record<string, string | undefined> = process.env): number {
  const hours = Number(env.PROGRESS_FULL_SYNC_HOURS);
  return env.PROGRESS_FULL_SYNC_HOURS && Number.isFinite(hours) && hours > 0
    ? hours * 60 * 60_000
    : DEFAULT_FULL_EVERY_MS;
}

/** One progress cycle for the connection, counted and timed in the metrics (lib/ops/metrics.ts). */
export function syncProgress(connectionId: string, options: ProgressSyncOptions = {}): Promise<ProgressSyncResult> {
  return observeSyncCycle(
    "progress",
    connectionId,
    () => runProgressCycle(connectionId, options),
    (result) => {
      if (result.status === "completed")
        return {
          status: result.status,
          records: result.cycle.sessions + result.cycle.attendance + result.cycle.recitations,
        };
      return { status: result.status, code: result.status === "denied" ? result.problem.code : undefined };
    },
  );
}

async function runProgressCycle(connectionId: string, options: ProgressSyncOptions): Promise<ProgressSyncResult> {
  const started = Date.now();
  const db = options.db ?? (await dashboardDb());
  const client = options.client ?? (await import("@/lib/connections")).clientFor(connectionId);
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize ?? 100), 1), 100);
  const concurrency = Math.max(Math.trunc(options.concurrency ?? 4), 1);
  const { signal } = options;
  const owner = randomUUID();

  const state = await acquireLease(db, progressSyncState, connectionId, owner, leaseMs);
  if (!state) return { status: "busy", connectionId };
  let requests = 0;
  let cycle: Cycle | null = null;
  const call: SyncClient["call"] = (name, ...args) => {
    requests++;
    if (cycle) cycle.counts.requests++;
    return client.call(name, ...args);
  };
  const commit = (tx: DashboardExecutor) =>
    writeOwned(tx, progressSyncState, connectionId, owner, {
      cycleCursor: cycle!.cursor,
      cycleWatermark: cycle!.watermark,
      cyclePhase: cycle!.phase,
      cycleCounts: cycle!.counts,
      leaseExpiresAt: leaseUntil(leaseMs),
    });

  try {
    const school = await call("getSchool", { signal });
    checkTenant(state.tenantId, school.id);
    const scope = { connectionId, tenantId: school.id };
    cycle = await beginCycle(db, connectionId, owner, state, options, school.id);
    const since = cycle.updatedAfter ? { updated_after: cycle.updatedAfter } : {};
    const readChildren = async (sessions: readonly Session[]) => {
      const rows = {
        attendance: [] as Awaited<ReturnType<typeof traverseAll<"listAttendance">>>["items"],
        recitations: [] as Awaited<ReturnType<typeof traverseAll<"listSessionRecitations">>>["items"],
      };
      const gone = new Set<string>();
      await eachLimited(sessions, concurrency, async (session) => {
        try {
          const params = { id: session.id };
          const [attendance, recitations] = await Promise.all([
            traverseAll(call, "listAttendance", { params, query: { limit: 100 }, signal }),
            traverseAll(call, "listSessionRecitations", { params, query: { limit: 100 }, signal }),
          ]);
          rows.attendance.push(...attendance.items);
          rows.recitations.push(...recitations.items);
        } catch (error) {
          // Gone between the list and its rows: keep what the store has.
          if (isNotFound(failureOf(error))) gone.add(session.id);
          else throw error;
        }
      });
      cycle!.counts.attendance += rows.attendance.length;
      cycle!.counts.recitations += rows.recitations.length;
      return { ...rows, gone };
    };

    if (cycle.phase === "students") {
      const { items } = await traverseAll(call, "listStudents", { query: { limit: pageSize, ...since }, signal });
      cycle.counts.students += items.length;
      cycle.phase = "sessions";
      await db.transaction(async (tx) => {
        await upsertProgress(tx, scope, { students: items });
        await commit(tx);
      });
    }

    while (cycle.phase === "sessions") {
      const at = cycle.cursor;
      const page = await call("listSessions", {
        query: { limit: pageSize, ...(at ? { cursor: at } : {}), ...since },
        signal,
      });
      if (cycle.cursor === null) cycle.watermark = page.pagination.sync_watermark ?? null;
      const known = await storedSessions(
        db,
        connectionId,
        page.data.map((s) => s.id),
      );
      const changed = page.data.filter((s) => {
        const row = known.get(s.id);
        return (
          cycle!.mode === "full" || !row || row.updatedAt !== Date.parse(s.updated_at) || row.childrenSyncedAt === null
        );
      });
      const readAt = new Date();
      const children = await readChildren(changed);
      const next = page.pagination.has_more ? page.pagination.next_cursor : null;
      cycle.cursor = next;
      cycle.counts.pages++;
      cycle.counts.sessions += page.data.length;
      if (next === null) cycle.phase = "recent";
      await db.transaction(async (tx) => {
        // Unchanged sessions are upserted too (harmless: equal versions), so the list is the truth for `status`.
        await upsertProgress(tx, scope, { sessions: page.data.filter((s) => !changed.includes(s)) });
        await upsertProgress(tx, scope, {
          sessions: changed.filter((s) => !children.gone.has(s.id)),
          attendance: children.attendance,
          recitations: children.recitations,
          childrenReadAt: readAt,
        });
        await commit(tx);
        // The last page is stored: that query from its cursor lists every session created since.
        if (next === null)
          await writeOwned(tx, progressSyncState, connectionId, owner, {
            sessionsTailUpdatedAfter: cycle!.updatedAfter,
            sessionsTailCursor: at,
            sessionsTailAt: new Date(),
          });
      });
    }

    const recentFrom = addDays(dateIn(school.time_zone), -(options.recentDays ?? 3));
    for (;;) {
      const due = await recentSessions(db, connectionId, recentFrom, cycle.startedAt);
      if (due.length === 0) break;
      const readAt = new Date();
      const children = await readChildren(due);
      await db.transaction(async (tx) => {
        await upsertProgress(tx, scope, { attendance: children.attendance, recitations: children.recitations });
        await tx
          .update(progressSessions)
          .set({ childrenSyncedAt: readAt })
          .where(
            and(
              eq(progressSessions.connectionId, connectionId),
              inArray(
                progressSessions.id,
                due.map((s) => s.id),
              ),
            ),
          );
        await commit(tx);
      });
    }

    const durationMs = Date.now() - started;
    await writeOwned(db, progressSyncState, connectionId, owner, {
      watermark: cycle.watermark ?? state.watermark,
      lastCompletedAt: sql`now()`,
      ...(cycle.mode === "full" ? { lastFullAt: cycle.startedAt } : {}),
      lastMode: cycle.mode,
      lastCounts: { ...cycle.counts, durationMs },
      lastError: null,
      ...NO_CYCLE,
      ...RELEASED,
    });
    recordsChanged(connectionId);
    return {
      status: "completed",
      connectionId,
      mode: cycle.mode,
      resumed: cycle.resumed,
      cycle: { ...cycle.counts },
      requests,
      durationMs,
    };
  } catch (error) {
    if (isLeaseLost(failureOf(error))) throw error;
    const problem = problemOf(error);
    const denied = problem.kind === "denied";
    await writeIfOwned(db, progressSyncState, connectionId, owner, {
      lastError: problem,
      ...(denied ? NO_CYCLE : {}),
      ...RELEASED,
    }).catch(() => undefined);
    if (denied) return { status: "denied", connectionId, problem, requests, durationMs: Date.now() - started };
    throw error;
  }
}

/**
 * A cycle that begins after now, for a caller about to read the store (the weekly summaries): it
 * sees every write the API accepted before the call. A cycle already running (another instance's,
 * or the scheduler's) may have read a session before its last marks, so it is waited for (the lease
 * is polled), and so is a resumed cycle, which began before now; then one of this call's own runs.
 * After `waitMs` (default: a crashed holder's lease, and a little more) it returns "busy" and the
 * caller reads what the store has.
 */
export async function syncProgressAfterNow(
  connectionId: string,
  options: ProgressSyncOptions = {},
  { waitMs = 150_000, pollMs = 1_000 } = {},
): Promise<ProgressSyncResult> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const result = await syncProgress(connectionId, options);
    if (result.status === "completed" && result.resumed) continue;
    if (result.status !== "busy" || Date.now() >= deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(deadline - Date.now(), 0))));
  }
}

/** Resumes the interrupted cycle (unless a full one is asked for over an incremental one); otherwise starts one. */
async function beginCycle(
  db: DashboardDb,
  connectionId: string,
  owner: string,
  state: StateRow,
  options: ProgressSyncOptions,
  tenantId: string,
): Promise<Cycle> {
  const requested = options.mode ?? "auto";
  const interrupted =
    state.cycleId && state.cycleMode && state.cycleStartedAt && (requested === "auto" || state.cycleMode === "full")
      ? state
      : null;
  const fullDue =
    !state.lastFullAt || Date.now() - state.lastFullAt.getTime() > (options.fullEveryMs ?? fullEveryMsFromEnv());
  const mode = requested === "full" || !state.watermark || fullDue ? "full" : "incremental";
  const cycle: Cycle = interrupted
    ? {
        id: interrupted.cycleId!,
        mode: interrupted.cycleMode!,
        resumed: true,
        startedAt: interrupted.cycleStartedAt!,
        updatedAfter: interrupted.cycleUpdatedAfter,
        cursor: interrupted.cycleCursor,
        watermark: interrupted.cycleWatermark,
        phase: interrupted.cyclePhase ?? "students",
        counts: { ...zero(), ...interrupted.cycleCounts },
      }
    : {
        id: randomUUID(),
        mode,
        resumed: false,
        startedAt: new Date(),
        updatedAfter: mode === "incremental" ? state.watermark : null,
        cursor: null,
        watermark: null,
        phase: "students",
        counts: zero(),
      };
  await writeOwned(db, progressSyncState, connectionId, owner, {
    tenantId,
    cycleId: cycle.id,
    cycleMode: cycle.mode,
    cycleStartedAt: cycle.startedAt,
    cycleUpdatedAfter: cycle.updatedAfter,
    cycleCursor: cycle.cursor,
    cycleWatermark: cycle.watermark,
    cyclePhase: cycle.phase,
    cycleCounts: cycle.counts,
  });
  return cycle;
}

async function storedSessions(db: DashboardDb, connectionId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { updatedAt: number; childrenSyncedAt: Date | null }>();
  const rows = await db
    .select({
      id: progressSessions.id,
      updatedAt: progressSessions.updatedAt,
      childrenSyncedAt: progressSessions.childrenSyncedAt,
    })
    .from(progressSessions)
    .where(and(eq(progressSessions.connectionId, connectionId), inArray(progressSessions.id, ids)));
  return new Map(
    rows.map((row) => [row.id, { updatedAt: row.updatedAt.getTime(), childrenSyncedAt: row.childrenSyncedAt }]),
  );
}

/** Sessions whose rows this cycle must still read: open, recent, or never read; and not read since the cycle began. */
async function recentSessions(
  db: DashboardDb,
  connectionId: string,
  recentFrom: string,
  cycleStartedAt: Date,
): Promise<Session[]> {
  const rows = await db
    .select({ data: progressSessions.data })
    .from(progressSessions)
    .where(
      and(
        eq(progressSessions.connectionId, connectionId),
        or(
          eq(progressSessions.status, "open"),
          gte(progressSessions.date, recentFrom),
          isNull(progressSessions.childrenSyncedAt),
        ),
        or(isNull(progressSessions.childrenSyncedAt), lt(progressSessions.childrenSyncedAt, cycleStartedAt)),
      ),
    )
    .orderBy(progressSessions.id)
    .limit(RECENT_BATCH);
  return rows.map((row) => row.data);
}
