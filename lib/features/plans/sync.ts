import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { keepMatching, type Assignment, type LearningPlan } from "@/lib/contract";
import { planStatusChanges, planSyncState, syncedAssignments, syncedPlans, type SyncCounts, type SyncProblem } from "@/lib/db/schema-plans";
import { failureOf, isFailure, V1Error, type V1Client } from "@/lib/v1";
import { defaultPlansDb, type PlansDb, type PlansExecutor } from "./db";
import { recordStatusChanges } from "./status-changes";
import { pacedCall } from "./pacer";
import { upsertHistories, upsertPlanRows } from "./upserts";

/**
 * The spec's synchronization procedure for learning plans (part 4), into the dashboard's store,
 * per school connection:
 *
 * 1-2. List plans (a full cycle without filters; later cycles with `updated_after` = the watermark
 *      of the last complete cycle) and traverse the complete filter-bound snapshot, page by page.
 * 3.   Upsert each plan by `id` (a newer version in another state leaves a row in `plan_status_changes`:
 *      the store keeps only the current state, and the "what changed" view needs the change).
 * 4.   For each plan seen, traverse its whole assignment history (every page) and upsert each
 *      assignment with its supersession time and replacement link; nothing is ever deleted.
 * 5.   When the whole cycle is done, keep `pagination.sync_watermark` of its FIRST plan page
 *      (the time the traversal began, minus the server's slack) as the next `updated_after`.
 *
 * Progress is committed after each plan page, in one transaction with that page's records: the
 * cursor of the next page and the traversal's watermark. A cycle that stops (crash, network,
 * deploy) resumes from that cursor; a cursor the server no longer accepts restarts the traversal.
 * Upserts are idempotent, so nothing is lost or duplicated either way. A plan row is written only
 * after its history, so "this plan is stored at this `updated_at`" implies its history is too.
 *
 * One cycle runs per connection at a time, across instances: a lease row (`plan_sync_state`)
 * with an expiry that each committed page extends. The tenant (GET /school → id) must be the one
 * the connection's mirror already holds; a key that now answers for another school is refused.
 */

export type SyncMode = "full" | "incremental";

/** What the engine needs of the v1 client (tests inject a wrapper that fails on purpose). */
export type SyncClient = Pick<V1Client, "call">;

export type SyncProgress = {
  connectionId: string;
  cycleId: string;
  mode: SyncMode;
  /** This run continues an interrupted cycle. */
  resumed: boolean;
  phase: "starting" | "plans" | "finishing" | "done";
  /** Totals of the cycle so far (earlier interrupted runs included). */
  plans: number;
  assignments: number;
  pages: number;
  requests: number;
  /** Plans already in the store when a full cycle began: an estimate for a progress bar; null when unknown. */
  expectedPlans: number | null;
};

export type SyncOptions = {
  /** `auto` (default): incremental when a complete cycle exists, else full; resumes an interrupted cycle. `full`: no `updated_after`. */
  mode?: "auto" | "full";
  onProgress?: (progress: SyncProgress) => void;
  /** The dashboard store; defaults to the process's. */
  db?: PlansDb;
  /** The school's v1 client; defaults to `clientFor(connectionId)`. */
  client?: SyncClient;
  /** Requests in flight at most (histories of a page, and the next page ahead). Default 6. */
  concurrency?: number;
  /** Plans per page (1-100). Default 100. */
  pageSize?: number;
  /** How long the lease lasts without a committed page. Default 2 minutes. */
  leaseMs?: number;
  signal?: AbortSignal;
};

type RunCounts = { plans: number; assignments: number; requests: number; pages: number; durationMs: number };

export type SyncResult =
  | ({
      status: "completed";
      connectionId: string;
      mode: SyncMode;
      resumed: boolean;
      /** The server refused a saved cursor, so the traversal started again. */
      restarted: boolean;
      /** The next cycle's `updated_after`. */
      watermark: string | null;
      /** Totals of the whole cycle, earlier interrupted runs included. */
      cycle: SyncCounts;
    } & RunCounts)
  /** Another run (here or on another instance) holds the connection's lease. */
  | { status: "busy"; connectionId: string }
  /** The key or the school refuses (recorded in the sync state); retrying will not help until someone acts. */
  | ({ status: "denied"; connectionId: string; problem: SyncProblem; error: V1Error | null } & RunCounts);

/** Requests in flight at most by default (the issue asks for 4–8). */
export const DEFAULT_SYNC_CONCURRENCY = 6;
const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_LEASE_MS = 2 * 60_000;

/** The connection's key now answers for another school than the one its mirror holds. */
// Recognised by name, like the v1 failures: a scheduler and a page may hold different copies of this module.
const TENANT_MISMATCH = "TenantMismatchError";
const LEASE_LOST = "SyncLeaseLostError";
const isLeaseLost = (error: unknown) => error instanceof Error && error.name === LEASE_LOST;

export class TenantMismatchError extends Error {
  override name = TENANT_MISMATCH;
  constructor(
    readonly storedTenantId: string,
    readonly currentTenantId: string,
  ) {
    super("The school connection's key now belongs to another school than the synced plans; refusing to mix their records");
  }
}

/** Another instance took the lease over (ours had expired): this run stops without touching the state. */
export class SyncLeaseLostError extends Error {
  override name = LEASE_LOST;
  constructor() {
    super("The plan sync lease was taken over by another run");
  }
}

type CycleRow = typeof planSyncState.$inferSelect;

type Cycle = {
  id: string;
  mode: SyncMode;
  resumed: boolean;
  updatedAfter: string | null;
  cursor: string | null;
  watermark: string | null;
  counts: SyncCounts;
  expectedPlans: number | null;
};

const zeroCounts = (): SyncCounts => ({ plans: 0, assignments: 0, requests: 0, pages: 0 });

export async function syncPlans(connectionId: string, options: SyncOptions = {}): Promise<SyncResult> {
  const started = Date.now();
  const db = options.db ?? (await defaultPlansDb());
  const client = options.client ?? (await import("@/lib/connections")).clientFor(connectionId);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize ?? DEFAULT_PAGE_SIZE), 1), 100);
  const concurrency = Math.max(Math.trunc(options.concurrency ?? DEFAULT_SYNC_CONCURRENCY), 1);
  const owner = randomUUID();
  // Ends whatever a run started ahead (the next page) once the run is over, however it ends.
  const ahead = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, ahead.signal]) : ahead.signal;

  const state = await acquireLease(db, connectionId, owner, leaseMs);
  if (!state) return { status: "busy", connectionId };

  const run = { plans: 0, assignments: 0, requests: 0, pages: 0 };
  const runCounts = (): RunCounts => ({ ...run, durationMs: Date.now() - started });
  let cycle: Cycle | null = null;

  /** Every v1 call goes through here: at most `concurrency` in flight, 429s waited out, and counted. */
  const paced = pacedCall(client.call, { limit: concurrency, signal });
  const call: SyncClient["call"] = (name, ...args) => {
    run.requests++;
    if (cycle) cycle.counts.requests++;
    return paced(name, ...args);
  };
  const progress = (phase: SyncProgress["phase"]) => {
    if (!cycle || !options.onProgress) return;
    const { plans, assignments, pages, requests } = cycle.counts;
    options.onProgress({ connectionId, cycleId: cycle.id, mode: cycle.mode, resumed: cycle.resumed, phase, plans, assignments, pages, requests, expectedPlans: cycle.expectedPlans });
  };

  try {
    const school = await call("getSchool", { signal });
    if (state.tenantId && state.tenantId !== school.id) throw new TenantMismatchError(state.tenantId, school.id);
    const tenantId = school.id;

    cycle = await beginCycle(db, connectionId, owner, leaseMs, state, options.mode ?? "auto", tenantId);
    progress("starting");

    let restarted = false;
    const seenCursors = new Set<string>();
    const fetchPage = async (from: Cycle): Promise<FetchedPage> => {
      const page = await listPlansPage(call, from, pageSize, signal);
      const histories = fetchHistories(db, call, { connectionId, mode: from.mode, plans: page.data, concurrency, signal });
      // Awaited when the page is stored; a run that ends first must not leave it unhandled.
      histories.catch(() => undefined);
      return { page, histories };
    };
    // The next page (its list, then its histories) is fetched while this one is stored.
    let next$: Promise<FetchedPage> | null = null;
    for (;;) {
      let fetched: FetchedPage;
      try {
        fetched = await (next$ ?? fetchPage(cycle));
      } catch (error) {
        next$ = null;
        // A cursor the server no longer accepts (expired, other secret, other filters): start the
        // traversal again. Records already stored stay; upserts make the repeat harmless.
        if (isFailure(error, "bad_request") && cycle.cursor !== null && !restarted) {
          restarted = true;
          cycle.cursor = null;
          cycle.watermark = null;
          seenCursors.clear();
          continue;
        }
        throw error;
      }
      next$ = null;
      const { page } = fetched;
      // Step 5: the first page's watermark is the traversal's (every page repeats it).
      if (cycle.cursor === null) cycle.watermark = page.pagination.sync_watermark ?? null;
      else cycle.watermark ??= page.pagination.sync_watermark ?? null;
      // The school answered the first page: the cycle is under way (a refusal would have come by now).
      if (run.pages === 0) progress("plans");

      const next = page.pagination.has_more ? page.pagination.next_cursor : null;
      if (next !== null && seenCursors.has(next)) throw new V1Error({ code: "invalid_response", status: null, message: "The school API repeated a pagination cursor", operation: "listPlans" });
      if (next !== null) {
        seenCursors.add(next);
        next$ = fetchPage({ ...cycle, cursor: next });
        next$.catch(() => undefined);
      }

      const stored = await storePage(db, { connectionId, tenantId, owner, leaseMs, cycle, plans: page.data, next, fetched: await fetched.histories });
      run.plans += stored.plans;
      run.assignments += stored.assignments;
      run.pages++;
      progress("plans");
      if (next === null) break;
    }

    progress("finishing");
    const watermark = cycle.watermark ?? state.watermark ?? null;
    const durationMs = Date.now() - started;
    await finishCycle(db, connectionId, owner, cycle, watermark, durationMs);
    progress("done");
    return { status: "completed", connectionId, mode: cycle.mode, resumed: cycle.resumed, restarted, watermark, cycle: { ...cycle.counts }, ...runCounts() };
  } catch (error) {
    if (isLeaseLost(error)) throw error;
    const problem = problemOf(error);
    if (problem.kind === "denied") {
      // Calm stop: recorded once, no retry here; the cycle is dropped (nothing half-written matters).
      await recordProblem(db, connectionId, owner, problem, { dropCycle: true });
      return { status: "denied", connectionId, problem, error: isFailure(error) ? (error as V1Error) : null, ...runCounts() };
    }
    // Interrupted: the committed cursor stays for the next run, which resumes from it.
    await recordProblem(db, connectionId, owner, problem, { dropCycle: false }).catch(() => undefined);
    throw error;
  } finally {
    ahead.abort();
  }
}

/** The sync state row when this run got the lease (created on first use), or null when another run holds it. */
async function acquireLease(db: PlansDb, connectionId: string, owner: string, leaseMs: number): Promise<CycleRow | null> {
  const expires = sql`now() + ${leaseMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(planSyncState)
    .values({ connectionId, leaseOwner: owner, leaseExpiresAt: expires })
    .onConflictDoUpdate({
      target: planSyncState.connectionId,
      set: { leaseOwner: owner, leaseExpiresAt: expires },
      setWhere: or(isNull(planSyncState.leaseOwner), isNull(planSyncState.leaseExpiresAt), lt(planSyncState.leaseExpiresAt, sql`now()`)),
    })
    .returning();
  return row ?? null;
}

const ownLease = (connectionId: string, owner: string) => and(eq(planSyncState.connectionId, connectionId), eq(planSyncState.leaseOwner, owner));

/** Resumes the interrupted cycle when it fits the requested mode; otherwise starts one. */
async function beginCycle(db: PlansDb, connectionId: string, owner: string, leaseMs: number, state: CycleRow, requested: "auto" | "full", tenantId: string): Promise<Cycle> {
  const interrupted = state.cycleId && state.cycleMode ? state : null;
  let cycle: Cycle;
  if (interrupted && (requested === "auto" || interrupted.cycleMode === "full")) {
    cycle = {
      id: interrupted.cycleId!,
      mode: interrupted.cycleMode!,
      resumed: true,
      updatedAfter: interrupted.cycleUpdatedAfter,
      cursor: interrupted.cycleCursor,
      watermark: interrupted.cycleWatermark,
      counts: { ...zeroCounts(), ...interrupted.cycleCounts },
      expectedPlans: interrupted.cycleExpectedPlans,
    };
  } else {
    const mode: SyncMode = requested === "full" || !state.watermark ? "full" : "incremental";
    let expectedPlans: number | null = null;
    if (mode === "full") {
      const [row] = await db.select({ n: count() }).from(syncedPlans).where(eq(syncedPlans.connectionId, connectionId));
      expectedPlans = row && row.n > 0 ? row.n : null;
    }
    cycle = {
      id: randomUUID(),
      mode,
      resumed: false,
      updatedAfter: mode === "incremental" ? state.watermark : null,
      cursor: null,
      watermark: null,
      counts: zeroCounts(),
      expectedPlans,
    };
  }
  const [ok] = await db
    .update(planSyncState)
    .set({
      tenantId,
      cycleId: cycle.id,
      cycleMode: cycle.mode,
      cycleStartedAt: cycle.resumed ? undefined : sql`now()`,
      cycleUpdatedAfter: cycle.updatedAfter,
      cycleWatermark: cycle.watermark,
      cycleCursor: cycle.cursor,
      cyclePhase: "plans",
      cycleCounts: cycle.counts,
      cycleExpectedPlans: cycle.expectedPlans,
      cycleUpdatedAt: sql`now()`,
      leaseExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(ownLease(connectionId, owner))
    .returning({ id: planSyncState.connectionId });
  if (!ok) throw new SyncLeaseLostError();
  return cycle;
}

function listPlansPage(call: SyncClient["call"], cycle: Cycle, limit: number, signal: AbortSignal | undefined) {
  return call("listPlans", {
    query: { limit, ...(cycle.cursor ? { cursor: cycle.cursor } : {}), ...(cycle.updatedAfter ? { updated_after: cycle.updatedAfter } : {}) },
    signal,
  });
}

/** The whole history of one plan, in the API's order (every page). */
async function traverseHistory(call: SyncClient["call"], planId: string, signal: AbortSignal | undefined): Promise<Assignment[]> {
  const items: Assignment[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const page: Awaited<ReturnType<typeof call<"listAssignments">>> = await call("listAssignments", {
      params: { id: planId },
      query: { limit: 100, ...(cursor ? { cursor } : {}) },
      signal,
    });
    // Only this plan's assignments, whatever the API answers (invariant 7; `call` is not re-checked).
    items.push(...keepMatching("listAssignments", { params: { id: planId } }, page.data));
    const next = page.pagination.has_more ? page.pagination.next_cursor : null;
    if (next === null) return items;
    if (seen.has(next)) throw new V1Error({ code: "invalid_response", status: null, message: "The school API repeated a pagination cursor", operation: "listAssignments" });
    seen.add(next);
    cursor = next;
  }
}

type PageHistories = { histories: Map<string, Assignment[]>; vanished: Set<string> };
type FetchedPage = { page: Awaited<ReturnType<typeof listPlansPage>>; histories: Promise<PageHistories> };

/**
 * Every plan's history of one page, at most `concurrency` at once. In an incremental cycle a plan
 * whose `updated_at` the store already holds is not traversed again: its history cannot have
 * changed (the contract moves `updated_at` with every history change) and was stored with it. A
 * full cycle traverses every history.
 */
async function fetchHistories(
  db: PlansDb,
  call: SyncClient["call"],
  input: { connectionId: string; mode: SyncMode; plans: LearningPlan[]; concurrency: number; signal: AbortSignal | undefined },
): Promise<PageHistories> {
  const { plans, signal } = input;
  const known = input.mode === "incremental" ? await storedVersions(db, input.connectionId, plans.map((plan) => plan.id)) : new Map<string, number>();
  const histories = new Map<string, Assignment[]>();
  const vanished = new Set<string>();
  await eachLimited(plans, input.concurrency, async (plan) => {
    if (known.get(plan.id) === Date.parse(plan.updated_at)) return;
    try {
      histories.set(plan.id, await traverseHistory(call, plan.id, signal));
    } catch (error) {
      // Gone between the list and its history: keep what the store has; the next cycle sees it again if it returns.
      if (isFailure(error, "not_found")) vanished.add(plan.id);
      else throw error;
    }
  });
  return { histories, vanished };
}

/**
 * Stores one plan page in one transaction: the assignments, the plans and the cursor of the next
 * page. A plan row is written only with its history.
 */
async function storePage(
  db: PlansDb,
  input: {
    connectionId: string;
    tenantId: string;
    owner: string;
    leaseMs: number;
    cycle: Cycle;
    plans: LearningPlan[];
    /** Cursor of the page after this one (null: this was the last). */
    next: string | null;
    fetched: PageHistories;
  },
): Promise<{ plans: number; assignments: number }> {
  const { connectionId, tenantId, cycle, plans } = input;
  const { histories, vanished } = input.fetched;
  const syncedAt = new Date();
  const scope = { connectionId, tenantId, syncedAt };
  const storedPlans = plans.filter((plan) => !vanished.has(plan.id));
  const assignmentCount = [...histories.values()].reduce((sum, history) => sum + history.length, 0);

  const after: Cycle = {
    ...cycle,
    cursor: input.next,
    counts: { ...cycle.counts, plans: cycle.counts.plans + storedPlans.length, assignments: cycle.counts.assignments + assignmentCount, pages: cycle.counts.pages + 1 },
  };
  await db.transaction(async (tx) => {
    await upsertHistories(tx, scope, histories.values());
    if (storedPlans.length > 0) await recordStatusChanges(tx, { connectionId, tenantId }, storedPlans, syncedAt);
    await upsertPlanRows(tx, scope, storedPlans);
    await commitProgress(tx, connectionId, input.owner, input.leaseMs, after);
  });
  // Committed: the cycle moves on (requests counted meanwhile are kept).
  cycle.cursor = after.cursor;
  cycle.counts = { ...after.counts, requests: cycle.counts.requests };
  return { plans: storedPlans.length, assignments: assignmentCount };
}

/**
 * A detail page's live refresh: one plan and its whole history from the API, stored as a cycle
 * would store them (newer versions win; nothing is deleted). It does not move the watermark, so
 * the next cycle still sees everything. Refuses a key that now answers for another school than
 * the one the mirror holds. Returns false when the API no longer has the plan.
 */
export async function refreshPlan(
  connectionId: string,
  planId: string,
  options: { db?: PlansDb; client?: Pick<V1Client, "call" | "tenant">; signal?: AbortSignal } = {},
): Promise<boolean> {
  const db = options.db ?? (await defaultPlansDb());
  const client = options.client ?? (await import("@/lib/connections")).clientFor(connectionId);
  const { signal } = options;
  const [school, [state]] = await Promise.all([
    client.tenant(),
    db.select({ tenantId: planSyncState.tenantId }).from(planSyncState).where(eq(planSyncState.connectionId, connectionId)).limit(1),
  ]);
  if (state?.tenantId && state.tenantId !== school.id) throw new TenantMismatchError(state.tenantId, school.id);
  let plan: LearningPlan;
  let history: Assignment[];
  try {
    [plan, history] = await Promise.all([client.call("getPlan", { params: { id: planId }, signal }), traverseHistory(client.call, planId, signal)]);
  } catch (error) {
    if (isFailure(error, "not_found")) return false;
    throw error;
  }
  const scope = { connectionId, tenantId: school.id, syncedAt: new Date() };
  await db.transaction(async (tx) => {
    await upsertHistories(tx, scope, [history]);
    await recordStatusChanges(tx, scope, [plan], scope.syncedAt);
    await upsertPlanRows(tx, scope, [plan]);
  });
  return true;
}

async function storedVersions(db: PlansDb, connectionId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: syncedPlans.id, updatedAt: syncedPlans.updatedAt })
    .from(syncedPlans)
    .where(and(eq(syncedPlans.connectionId, connectionId), inArray(syncedPlans.id, ids)));
  return new Map(rows.map((row) => [row.id, row.updatedAt.getTime()]));
}

/** Saves the cursor of the next page and the cycle's counts, and extends the lease. */
async function commitProgress(db: PlansExecutor, connectionId: string, owner: string, leaseMs: number, cycle: Cycle): Promise<void> {
  const [ok] = await db
    .update(planSyncState)
    .set({
      cycleCursor: cycle.cursor,
      cycleWatermark: cycle.watermark,
      cycleCounts: cycle.counts,
      cyclePhase: cycle.cursor === null ? "finishing" : "plans",
      cycleUpdatedAt: sql`now()`,
      leaseExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(ownLease(connectionId, owner))
    .returning({ id: planSyncState.connectionId });
  if (!ok) throw new SyncLeaseLostError();
}

async function finishCycle(db: PlansDb, connectionId: string, owner: string, cycle: Cycle, watermark: string | null, durationMs: number): Promise<void> {
  const [ok] = await db
    .update(planSyncState)
    .set({
      watermark,
      lastCompletedAt: sql`now()`,
      lastMode: cycle.mode,
      lastCounts: { ...cycle.counts, durationMs },
      lastError: null,
      ...NO_CYCLE,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .where(ownLease(connectionId, owner))
    .returning({ id: planSyncState.connectionId });
  if (!ok) throw new SyncLeaseLostError();
}

const NO_CYCLE = {
  cycleId: null,
  cycleMode: null,
  cycleStartedAt: null,
  cycleUpdatedAfter: null,
  cycleWatermark: null,
  cycleCursor: null,
  cyclePhase: null,
  cycleCounts: null,
  cycleExpectedPlans: null,
  cycleUpdatedAt: null,
} as const;

/** Records why the run stopped and releases the lease (only if still ours). */
async function recordProblem(db: PlansDb, connectionId: string, owner: string, problem: SyncProblem, { dropCycle }: { dropCycle: boolean }): Promise<void> {
  await db
    .update(planSyncState)
    .set({ lastError: problem, ...(dropCycle ? NO_CYCLE : {}), leaseOwner: null, leaseExpiresAt: null })
    .where(ownLease(connectionId, owner));
}

/** Refusals that retrying cannot fix (`denied`) versus interruptions a later run resumes from (`failed`). */
export function problemOf(error: unknown): SyncProblem {
  const at = new Date().toISOString();
  if (error instanceof Error && error.name === TENANT_MISMATCH) return { code: "tenant_mismatch", kind: "denied", message: error.message, at };
  const failure = failureOf(error);
  const message = error instanceof Error ? error.message : failure?.code ?? "";
  if (failure?.kind === "insufficient_scope") return { code: failure.code, kind: "denied", message, requiredScope: failure.requiredScope, at };
  if (failure?.kind === "feature_unavailable") return { code: failure.code, kind: "denied", message, feature: failure.feature, at };
  // 401 and every 403: the key or the school refuses; retrying soon cannot help.
  if (failure && (failure.status === 401 || failure.status === 403)) return { code: failure.code, kind: "denied", message, at };
  if (failure) return { code: failure.code, kind: "failed", message, at };
  const name = error instanceof Error ? error.name : "Error";
  return { code: name === "AbortError" ? "aborted" : "interrupted", kind: "failed", message: error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300), at };
}

/** Runs `task` over `items`, at most `limit` at a time; after a failure no new task starts, and the first failure is thrown. */
export async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/**
 * Forgets a connection's mirror: its plans, assignments and sync state. The only way to point a
 * connection at another school (after a tenant mismatch); an admin decision, never automatic.
 */
export async function forgetSyncedPlans(db: PlansDb, connectionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(planStatusChanges).where(eq(planStatusChanges.connectionId, connectionId));
    await tx.delete(syncedAssignments).where(eq(syncedAssignments.connectionId, connectionId));
    await tx.delete(syncedPlans).where(eq(syncedPlans.connectionId, connectionId));
    await tx.delete(planSyncState).where(eq(planSyncState.connectionId, connectionId));
  });
}
