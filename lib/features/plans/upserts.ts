import "server-only";
import { sql } from "drizzle-orm";
import type { Assignment, LearningPlan } from "@/lib/contract";
import type { PlansExecutor } from "./db";

/**
 * The sync's writes to the store: one `insert … on conflict` per batch, the rows travelling as ONE
 * JSON parameter (unpacked by `jsonb_to_recordset`) instead of a dozen bind parameters a row —
 * building and serialising 12,000 parameters for a page of 1,000 assignments cost more than the
 * insert itself. Newer or equal versions win: a slower, older read never overwrites a newer record.
 */

export type RowScope = { connectionId: string; tenantId: string; syncedAt: Date };

/** Rows per statement: bounds one statement's JSON text. */
const ROWS_PER_STATEMENT = 2_000;

const isoOrNull = (value: string | null) => (value ? new Date(value).toISOString() : null);

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** A plan's whole history, in the API's order (`position` 0 first), upserted by id. */
export async function upsertHistories(tx: PlansExecutor, scope: RowScope, histories: Iterable<readonly Assignment[]>): Promise<number> {
  const rows = [...histories].flatMap((history) =>
    history.map((assignment, position) => ({
      id: assignment.id,
      plan_id: assignment.plan_id,
      student_id: assignment.student_id,
      position,
      status: assignment.status,
      superseded_at: isoOrNull(assignment.superseded_at),
      replaced_by: assignment.replaced_by_assignment_id,
      updated_at: new Date(assignment.updated_at).toISOString(),
      data: assignment,
    })),
  );
  for (const chunk of chunks(rows, ROWS_PER_STATEMENT)) {
    await tx.execute(sql`
      insert into synced_assignments (connection_id, id, tenant_id, plan_id, student_id, position, status, superseded_at, replaced_by_assignment_id, updated_at, data, synced_at)
      select ${scope.connectionId}, r.id, ${scope.tenantId}, r.plan_id, r.student_id, r.position, r.status, r.superseded_at, r.replaced_by, r.updated_at, r.data, ${scope.syncedAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as r(id text, plan_id text, student_id text, position int, status text, superseded_at timestamptz, replaced_by text, updated_at timestamptz, data jsonb)
      on conflict (connection_id, id) do update set
        tenant_id = excluded.tenant_id, plan_id = excluded.plan_id, student_id = excluded.student_id, position = excluded.position,
        status = excluded.status, superseded_at = excluded.superseded_at, replaced_by_assignment_id = excluded.replaced_by_assignment_id,
        updated_at = excluded.updated_at, data = excluded.data, synced_at = excluded.synced_at
      where synced_assignments.updated_at <= excluded.updated_at
    `);
  }
  return rows.length;
}

/** Plans upserted by id. */
export async function upsertPlanRows(tx: PlansExecutor, scope: RowScope, plans: readonly LearningPlan[]): Promise<void> {
  for (const chunk of chunks(plans, ROWS_PER_STATEMENT)) {
    const rows = chunk.map((plan) => ({ id: plan.id, student_id: plan.student_id, status: plan.status, updated_at: new Date(plan.updated_at).toISOString(), data: plan }));
    await tx.execute(sql`
      insert into synced_plans (connection_id, id, tenant_id, student_id, status, updated_at, data, synced_at)
      select ${scope.connectionId}, r.id, ${scope.tenantId}, r.student_id, r.status, r.updated_at, r.data, ${scope.syncedAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, student_id text, status text, updated_at timestamptz, data jsonb)
      on conflict (connection_id, id) do update set
        tenant_id = excluded.tenant_id, student_id = excluded.student_id, status = excluded.status,
        updated_at = excluded.updated_at, data = excluded.data, synced_at = excluded.synced_at
      where synced_plans.updated_at <= excluded.updated_at
    `);
  }
}
