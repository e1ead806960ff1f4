import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Assignment, LearningPlan } from "@/lib/contract";
import { planStatusChanges, syncedPlans } from "@/lib/db/schema-plans";
import type { DashboardExecutor } from "@/lib/db/client";
import { chunks } from "@/lib/chunks";

/**
 * The writes of the plan mirror (its reads are ./reads.ts), made by the sync and a detail page's
 * live refresh: one `insert … on conflict` per batch of records, the records travelling as ONE
 * parameter, their JSON as UTF-8 bytes (PGlite sends a text parameter through a character-at-a-time
 * loop; a Buffer goes as it is, on PostgreSQL too), with the indexed columns read out of each
 * record by the database. Newer or equal versions win: a slower, older read never overwrites a
 * newer record.
 *
 * A batch is small (about 100 records), and the event loop gets a turn before each: PGlite runs
 * a statement in this thread, so a page of 1,000 assignments in one statement (about 50 ms) held
 * up the dashboard's pages and the sync's own requests in flight (the school's server then sat
 * idle). Small batches and turns brought the 10,000-plan full sync from 17.8 to about 13 s
 * (`npm run bench -- sync`).
 */

export type RowScope = { connectionId: string; tenantId: string; syncedAt: Date };

const RECORDS_PER_STATEMENT = 100;

/** Records as one `jsonb` value of the statement, sent as UTF-8 bytes. */
const jsonRecords = (records: unknown) =>
  sql`convert_from(${Buffer.from(JSON.stringify(records))}::bytea, 'UTF8')::jsonb`;

/** Lets the event loop serve what is waiting (requests, responses) before the next statement. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whole histories in groups of about `records` assignments (a history is never split: its order gives the positions). */
function* historyChunks(
  histories: Iterable<readonly Assignment[]>,
  records: number,
): Generator<(readonly Assignment[])[]> {
  let chunk: (readonly Assignment[])[] = [];
  let size = 0;
  for (const history of histories) {
    if (history.length === 0) continue;
    if (size > 0 && size + history.length > records) {
      yield chunk;
      chunk = [];
      size = 0;
    }
    chunk.push(history);
    size += history.length;
  }
  if (size > 0) yield chunk;
}

/** Plans' whole histories, each in the API's order (`position` 0 first), upserted by id. */
export async function upsertHistories(
  tx: DashboardExecutor,
  scope: RowScope,
  histories: Iterable<readonly Assignment[]>,
): Promise<number> {
  let count = 0;
  for (const chunk of historyChunks(histories, RECORDS_PER_STATEMENT)) {
    await breathe();
    count += chunk.reduce((sum, history) => sum + history.length, 0);
    await tx.execute(sql`
      insert into synced_assignments (connection_id, id, tenant_id, plan_id, student_id, position, status, superseded_at, replaced_by_assignment_id, updated_at, data, synced_at)
      select ${scope.connectionId}, a.data->>'id', ${scope.tenantId}, a.data->>'plan_id', a.data->>'student_id', a.n - 1, a.data->>'status',
        (a.data->>'superseded_at')::timestamptz, a.data->>'replaced_by_assignment_id', (a.data->>'updated_at')::timestamptz, a.data, ${scope.syncedAt.toISOString()}::timestamptz
      from jsonb_array_elements(${jsonRecords(chunk)}) as h(history), jsonb_array_elements(h.history) with ordinality as a(data, n)
      on conflict (connection_id, id) do update set
        tenant_id = excluded.tenant_id, plan_id = excluded.plan_id, student_id = excluded.student_id, position = excluded.position,
        status = excluded.status, superseded_at = excluded.superseded_at, replaced_by_assignment_id = excluded.replaced_by_assignment_id,
        updated_at = excluded.updated_at, data = excluded.data, synced_at = excluded.synced_at
      where synced_assignments.updated_at <= excluded.updated_at
    `);
  }
  return count;
}

/** Plans upserted by id. */
export async function upsertPlanRows(
  tx: DashboardExecutor,
  scope: RowScope,
  plans: readonly LearningPlan[],
): Promise<void> {
  for (const chunk of chunks(plans, RECORDS_PER_STATEMENT)) {
    await breathe();
    await tx.execute(sql`
      insert into synced_plans (connection_id, id, tenant_id, student_id, status, updated_at, data, synced_at)
      select ${scope.connectionId}, p.data->>'id', ${scope.tenantId}, p.data->>'student_id', p.data->>'status', (p.data->>'updated_at')::timestamptz, p.data, ${scope.syncedAt.toISOString()}::timestamptz
      from jsonb_array_elements(${jsonRecords(chunk)}) as p(data)
      on conflict (connection_id, id) do update set
        tenant_id = excluded.tenant_id, student_id = excluded.student_id, status = excluded.status,
        updated_at = excluded.updated_at, data = excluded.data, synced_at = excluded.synced_at
      where synced_plans.updated_at <= excluded.updated_at
    `);
  }
}

/**
 * Records the state changes an upsert of these plans is about to make: a stored plan whose newer
 * version (later `updated_at`) is in another state. Runs in the upsert's transaction, before it, so
 * the stored state read is the one being replaced; a repeat of the same version records nothing
 * (the primary key holds one row per plan and time).
 */
export async function recordStatusChanges(
  tx: DashboardExecutor,
  scope: { connectionId: string; tenantId: string },
  plans: readonly LearningPlan[],
  seenAt: Date,
): Promise<number> {
  if (plans.length === 0) return 0;
  const stored = await tx
    .select({ id: syncedPlans.id, status: syncedPlans.status, updatedAt: syncedPlans.updatedAt })
    .from(syncedPlans)
    .where(
      and(
        eq(syncedPlans.connectionId, scope.connectionId),
        inArray(
          syncedPlans.id,
          plans.map((plan) => plan.id),
        ),
      ),
    );
  const before = new Map(stored.map((row) => [row.id, row]));
  const rows = plans.flatMap((plan) => {
    const old = before.get(plan.id);
    const at = new Date(plan.updated_at);
    if (!old || old.status === plan.status || at.getTime() <= old.updatedAt.getTime()) return [];
    return [
      {
        connectionId: scope.connectionId,
        tenantId: scope.tenantId,
        planId: plan.id,
        fromStatus: old.status,
        toStatus: plan.status,
        at,
        seenAt,
      },
    ];
  });
  if (rows.length) await tx.insert(planStatusChanges).values(rows).onConflictDoNothing();
  return rows.length;
}

/**
 * Stores plans and histories as one step (call inside a transaction): the histories first, then
 * the plans' state changes and the plans, so that "this plan is stored at this `updated_at`"
 * implies its history is too.
 */
export async function storePlans(
  tx: DashboardExecutor,
  scope: RowScope,
  plans: readonly LearningPlan[],
  histories: Iterable<readonly Assignment[]>,
): Promise<void> {
  await upsertHistories(tx, scope, histories);
  if (plans.length > 0) await recordStatusChanges(tx, scope, plans, scope.syncedAt);
  await upsertPlanRows(tx, scope, plans);
}
