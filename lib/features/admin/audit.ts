import "server-only";
import { and, desc, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { auditLog } from "@/lib/db/schema";
import { syncedPlans } from "@/lib/db/schema-plans";
import type { MessageKey } from "@/lib/i18n/core";
import { FAILURE_KINDS, failureKindOf } from "@/lib/v1";
import type { AuditOutcome } from "./audit-actions";
import { auditQuery, type AuditCursor, type AuditFilters } from "./audit-filters";
import { userNamesOf } from "./managed-users";
import { recordNames } from "@/lib/features/progress/record-lookups";
import { halqasFor } from "@/lib/features/reference";

export { parseCursor, type AuditCursor } from "./audit-filters";

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds; the file says when it was cut. */
export const AUDIT_EXPORT_LIMIT = 10_000;

export type AuditView = {
  id: string;
  at: Date;
  userId: string | null;
  who: string | null;
  email: string | null;
  action: string;
  result: AuditOutcome;
  targetType: string | null;
  targetId: string | null;
  /** The record's name: a user of this school, a synced plan, or the name recorded with the entry. */
  targetLabel: string | null;
  /** Why it was refused or failed, as a catalogue key of the failure model; null when it was done. */
  reason: MessageKey | null;
  /** The school's error code, when the school refused. */
  code: string | null;
  /** Where the record belongs when it has no name of its own: a session's halqa and day, a recitation's student. */
  context: { student: string | null; halqa: string | null; day: string | null } | null;
  /** What the write changed, before → after (lib/audit/changes.ts), names resolved where the store knows them. */
  changes: AuditChange[];
  /** How many writes of one sitting this entry stands for (a register saved tap by tap); 1 for most. */
  saves: number;
};

export type AuditChange =
  | { kind: "mark"; student: string; from: string | null; to: string }
  | { kind: "field"; field: string; from: string | null; to: string | null };

/** The query of a filtered log: the filters, with the date range already read in the school's zone. */
export type AuditQuery = { filters?: AuditFilters; range?: { from?: Date; until?: Date } };

export function cursorHref(cursor: AuditCursor, filters: AuditFilters = {}): string {
  return `/admin/audit${auditQuery(filters, cursor)}`;
}

/**
 * Why an entry did not end as done, by the failure model (lib/v1/failures.ts): the school's
 * `code` recorded with the entry; a dashboard refusal (no code) is "not allowed"; a bug "unexpected".
 */
export function auditReason(result: AuditOutcome, details: Record<string, unknown> | null): MessageKey | null {
  if (result === "ok") return null;
  const code = typeof details?.code === "string" ? details.code : null;
  if (code)
    return FAILURE_KINDS[failureKindOf(code, typeof details?.status === "number" ? details.status : null)].message;
  return result === "denied" ? "errors.forbidden" : "errors.unexpected";
}

function whereOf(connectionId: string, query: AuditQuery, cursor?: AuditCursor): SQL | undefined {
  const { filters = {}, range = {} } = query;
  const where: (SQL | undefined)[] = [eq(auditLog.connectionId, connectionId)];
  if (filters.person) where.push(eq(auditLog.userId, filters.person));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.outcome) where.push(eq(auditLog.result, filters.outcome));
  if (range.from) where.push(gte(auditLog.at, range.from));
  if (range.until) where.push(lt(auditLog.at, range.until));
  if (cursor) {
    where.push(
      cursor.beforeId
        ? or(lt(auditLog.at, cursor.before), and(eq(auditLog.at, cursor.before), lt(auditLog.id, cursor.beforeId)))
        : lt(auditLog.at, cursor.before),
    );
  }
  return and(...where);
}

type Row = typeof auditLog.$inferSelect;

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === "string" ? value : JSON.stringify(value);

const pairsOf = (value: unknown): [string, [unknown, unknown]][] =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.entries(value as Record<string, [unknown, unknown]>).filter(
        ([, pair]) => Array.isArray(pair) && pair.length === 2,
      )
    : [];

/** Rows as the page and the export show them: people and records by name, refusals with their reason, changes before → after. */
async function viewsOf(connectionId: string, rows: Row[]): Promise<AuditView[]> {
  const db = await dashboardDb();
  const idsOf = (type: string) => [
    ...new Set(rows.filter((row) => row.targetType === type && row.targetId).map((row) => row.targetId!)),
  ];
  const planIds = idsOf("learning_plan");
  const markedStudents = rows.flatMap((row) => pairsOf(row.details?.marks).map(([id]) => id));
  const [names, plans, records, halqaNames] = await Promise.all([
    userNamesOf(connectionId),
    planIds.length
      ? db
          .select({ id: syncedPlans.id, data: syncedPlans.data })
          .from(syncedPlans)
          .where(and(eq(syncedPlans.connectionId, connectionId), inArray(syncedPlans.id, planIds)))
      : Promise.resolve([]),
    recordNames(
      { connectionId },
      {
        students: [...idsOf("student"), ...markedStudents],
        sessions: idsOf("session"),
        recitations: idsOf("recitation"),
      },
    ),
    halqaNamesOf(connectionId),
  ]);
  const planNames = new Map(plans.map((plan) => [plan.id, plan.data.name]));
  const label = (row: Row): string | null => {
    if (!row.targetId) return null;
    if (row.targetType === "user") return names.get(row.targetId) ?? null;
    if (row.targetType === "learning_plan") return planNames.get(row.targetId) ?? null;
    if (typeof row.details?.label === "string") return row.details.label;
    if (row.targetType === "student") return records.students.get(row.targetId) ?? null;
    return null;
  };
  const sessionContext = (sessionId: string, student: string | null) => {
    const session = records.sessions.get(sessionId);
    return { student, halqa: session ? (halqaNames.get(session.halqa_id) ?? null) : null, day: session?.date ?? null };
  };
  const context = (row: Row): AuditView["context"] => {
    if (!row.targetId) return null;
    if (row.targetType === "session") return sessionContext(row.targetId, null);
    if (row.targetType !== "recitation") return null;
    const recitation = records.recitations.get(row.targetId);
    return recitation ? sessionContext(recitation.sessionId, records.students.get(recitation.studentId) ?? null) : null;
  };
  const changes = (row: Row): AuditChange[] => [
    ...pairsOf(row.details?.marks).map(([student, [from, to]]): AuditChange => ({
      kind: "mark",
      student: records.students.get(student) ?? student,
      from: asText(from),
      to: asText(to) ?? "",
    })),
    ...pairsOf(row.details?.changes).map(([field, [from, to]]): AuditChange => {
      const named = (value: unknown) =>
        field === "halqa_id" && typeof value === "string" ? (halqaNames.get(value) ?? value) : asText(value);
      return { kind: "field", field, from: named(from), to: named(to) };
    }),
  ];
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    userId: row.userId,
    who: row.userId ? (names.get(row.userId) ?? null) : null,
    email: row.userEmail,
    action: row.action,
    result: row.result,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: label(row),
    reason: auditReason(row.result, row.details),
    code: typeof row.details?.code === "string" ? row.details.code : null,
    context: context(row),
    changes: changes(row),
    saves: typeof row.details?.saves === "number" ? row.details.saves : 1,
  }));
}

/** Halqa names of the school (cached per tenant); none when the school cannot be asked now: the log still shows. */
async function halqaNamesOf(connectionId: string): Promise<Map<string, string>> {
  try {
    return new Map((await halqasFor(connectionId)).map((halqa) => [halqa.id, halqa.name]));
  } catch {
    return new Map();
  }
}

/**
 * One page of the school's audit log, newest first, and the cursor of the next older page. Keyed by
 * time and then id, so entries written in the same millisecond are neither skipped nor repeated
 * across a page boundary. Only this connection's entries, whatever the filters say.
 */
export async function auditPage(
  connectionId: string,
  cursor?: AuditCursor,
  query: AuditQuery = {},
): Promise<{ rows: AuditView[]; next: AuditCursor | null }> {
  const db = await dashboardDb();
  const rows = await db
    .select()
    .from(auditLog)
    .where(whereOf(connectionId, query, cursor))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: await viewsOf(connectionId, page),
    next: rows.length > AUDIT_PAGE_SIZE && last ? { before: last.at, beforeId: last.id } : null,
  };
}

/** Every entry matching the filters (newest first, at most AUDIT_EXPORT_LIMIT), for the CSV export. */
export async function auditExport(
  connectionId: string,
  query: AuditQuery,
): Promise<{ rows: AuditView[]; truncated: boolean }> {
  const db = await dashboardDb();
  const rows = await db
    .select()
    .from(auditLog)
    .where(whereOf(connectionId, query))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_EXPORT_LIMIT + 1);
  return {
    rows: await viewsOf(connectionId, rows.slice(0, AUDIT_EXPORT_LIMIT)),
    truncated: rows.length > AUDIT_EXPORT_LIMIT,
  };
}
