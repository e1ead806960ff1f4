import "server-only";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AttendanceRow, Recitation, Session, Student } from "@/lib/contract";
import { progressAttendance, progressRecitations, progressSessions, progressStudents } from "@/lib/db/schema-progress";
import type { DashboardExecutor } from "@/lib/db/client";
import { chunks } from "@/lib/chunks";

/**
 * Upserts into the progress read model, shared by the sync and the dashboard's own writes. Every
 * upsert is by `id` within the connection, and newer or equal versions win (`updated_at`): a slower,
 * older read never overwrites what a write-through just stored.
 */

export type RowScope = { connectionId: string; tenantId: string };

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const ROWS_PER_INSERT = 400;

export type ProgressRecords = {
  sessions?: readonly Session[];
  attendance?: readonly AttendanceRow[];
  recitations?: readonly Recitation[];
  students?: readonly Student[];
  /** Sessions whose attendance and recitations were just read in full (the sync's bookkeeping). */
  childrenReadAt?: Date;
};

/** Writes the records in one go (call inside a transaction when they must land together). */
export async function upsertProgress(tx: DashboardExecutor, scope: RowScope, records: ProgressRecords): Promise<void> {
  const { connectionId, tenantId } = scope;
  const now = new Date();
  const sessions = dedupe(records.sessions ?? []).map((s) => ({
    connectionId,
    id: s.id,
    tenantId,
    halqaId: s.halqa_id,
    date: s.date,
    status: s.status,
    updatedAt: new Date(s.updated_at),
    data: s,
    syncedAt: now,
    childrenSyncedAt: records.childrenReadAt ?? null,
  }));
  const attendance = dedupe(records.attendance ?? []).map((row) => ({
    connectionId,
    id: row.id,
    tenantId,
    sessionId: row.session_id,
    studentId: row.student_id,
    updatedAt: new Date(row.updated_at),
    data: row,
  }));
  const recitations = dedupe(records.recitations ?? []).map((r) => ({
    connectionId,
    id: r.id,
    tenantId,
    sessionId: r.session_id,
    studentId: r.student_id,
    recordedAt: new Date(r.recorded_at),
    updatedAt: new Date(r.updated_at),
    data: r,
  }));
  const students = dedupe(records.students ?? []).map((s) => ({
    connectionId,
    id: s.id,
    tenantId,
    halqaId: s.halqa_id,
    lineageId: s.lineage_id,
    updatedAt: new Date(s.updated_at),
    data: s,
  }));

  for (const chunk of chunks(sessions, ROWS_PER_INSERT)) {
    await tx
      .insert(progressSessions)
      .values(chunk)
      .onConflictDoUpdate({
        target: [progressSessions.connectionId, progressSessions.id],
        set: {
          ...excluded(["tenant_id", "halqa_id", "date", "status", "updated_at", "data", "synced_at"], progressSessions),
          // A write-through of the session alone keeps the sync's record of its children.
          childrenSyncedAt: sql`coalesce(excluded.children_synced_at, ${progressSessions.childrenSyncedAt})`,
        },
        setWhere: sql`${progressSessions.updatedAt} <= excluded.updated_at`,
      });
  }
  for (const chunk of chunks(attendance, ROWS_PER_INSERT)) {
    await tx
      .insert(progressAttendance)
      .values(chunk)
      .onConflictDoUpdate({
        target: [progressAttendance.connectionId, progressAttendance.id],
        set: excluded(["tenant_id", "session_id", "student_id", "updated_at", "data"], progressAttendance),
        setWhere: sql`${progressAttendance.updatedAt} <= excluded.updated_at`,
      });
  }
  for (const chunk of chunks(recitations, ROWS_PER_INSERT)) {
    await tx
      .insert(progressRecitations)
      .values(chunk)
      .onConflictDoUpdate({
        target: [progressRecitations.connectionId, progressRecitations.id],
        set: excluded(
          ["tenant_id", "session_id", "student_id", "recorded_at", "updated_at", "data"],
          progressRecitations,
        ),
        setWhere: sql`${progressRecitations.updatedAt} <= excluded.updated_at`,
      });
  }
  for (const chunk of chunks(students, ROWS_PER_INSERT)) {
    await tx
      .insert(progressStudents)
      .values(chunk)
      .onConflictDoUpdate({
        target: [progressStudents.connectionId, progressStudents.id],
        set: excluded(["tenant_id", "halqa_id", "lineage_id", "updated_at", "data"], progressStudents),
        setWhere: sql`${progressStudents.updatedAt} <= excluded.updated_at`,
      });
  }
}

/** `{ column: excluded.column }` for the named SQL columns of `table`. */
function excluded(columns: string[], table: PgTable): Record<string, ReturnType<typeof sql>> {
  const byName = new Map(
    Object.entries(table).flatMap(([key, column]) => (isColumn(column) ? [[column.name, key] as const] : [])),
  );
  return Object.fromEntries(columns.map((name) => [byName.get(name) ?? name, sql.raw(`excluded.${name}`)]));
}

function isColumn(value: unknown): value is { name: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    "name" in value &&
    typeof (value as { name: unknown }).name === "string" &&
    "columnType" in value
  );
}

/** One record per id (a page may repeat one; ON CONFLICT cannot touch a row twice in one statement): the newest wins. */
function dedupe<T extends { id: string; updated_at: string }>(items: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of items) {
    const known = byId.get(item.id);
    if (!known || Date.parse(known.updated_at) <= Date.parse(item.updated_at)) byId.set(item.id, item);
  }
  return [...byId.values()];
}
