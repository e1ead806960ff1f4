import "server-only";
import { and, desc, eq, lt, or } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { auditLog } from "@/lib/db/schema";
import { userNamesOf } from "./users";

export const AUDIT_PAGE_SIZE = 50;

export type AuditView = {
  id: string;
  at: Date;
  who: string | null;
  email: string | null;
  action: string;
  result: "ok" | "denied" | "failed";
  targetType: string | null;
  targetId: string | null;
  /** A person's name when the target is a dashboard user of this school. */
  targetLabel: string | null;
};

/** Where an older page starts: entries before this time, or at this time with a smaller id. */
export type AuditCursor = { before: Date; beforeId?: string };

const first = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

/** `?before=…&beforeId=…` as a cursor, or nothing: a malformed value shows the newest page rather than an error. */
export function parseCursor(params: Record<string, string | string[] | undefined>): AuditCursor | undefined {
  const before = first(params.before);
  if (!before) return undefined;
  const date = new Date(before);
  if (Number.isNaN(date.getTime())) return undefined;
  const beforeId = first(params.beforeId);
  return beforeId && /^[A-Za-z0-9_-]{1,64}$/.test(beforeId) ? { before: date, beforeId } : { before: date };
}

export function cursorHref(cursor: AuditCursor): string {
  const search = new URLSearchParams({ before: cursor.before.toISOString(), ...(cursor.beforeId ? { beforeId: cursor.beforeId } : {}) });
  return `/admin/audit?${search}`;
}

/**
 * One page of the school's audit log, newest first, and the cursor of the next older page. Keyed by
 * time and then id, so entries written in the same millisecond are neither skipped nor repeated
 * across a page boundary.
 */
export async function auditPage(connectionId: string, cursor?: AuditCursor): Promise<{ rows: AuditView[]; next: AuditCursor | null }> {
  const db = await dashboardDb();
  const older = cursor
    ? cursor.beforeId
      ? or(lt(auditLog.at, cursor.before), and(eq(auditLog.at, cursor.before), lt(auditLog.id, cursor.beforeId)))
      : lt(auditLog.at, cursor.before)
    : undefined;
  const [rows, names] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.connectionId, connectionId), older))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE + 1),
    userNamesOf(connectionId),
  ]);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({
      id: row.id,
      at: row.at,
      who: row.userId ? (names.get(row.userId) ?? null) : null,
      email: row.userEmail,
      action: row.action,
      result: row.result,
      targetType: row.targetType,
      targetId: row.targetId,
      targetLabel: row.targetType === "user" && row.targetId ? (names.get(row.targetId) ?? null) : null,
    })),
    next: rows.length > AUDIT_PAGE_SIZE && last ? { before: last.at, beforeId: last.id } : null,
  };
}
