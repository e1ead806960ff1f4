import "server-only";
import { and, desc, eq, gte, lt } from "drizzle-orm";
import { headers } from "next/headers";
import { dashboardDb } from "@/lib/db";
import { auditLog } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { Actor } from "@/lib/auth/actor";
import { requestClientAddress } from "@/lib/security/client-address";
import { mergeChangeDetails, withoutUnchanged } from "./changes";

export type AuditEntry = {
  action: string;
  result: "ok" | "denied" | "failed";
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  /**
   * A write that continues one sitting (the register saved tap by tap): an entry of the same person,
   * action and record that ended well less than this many ms ago absorbs it (mergeChangeDetails)
   * and moves to its time, so one sitting is one entry.
   */
  coalesceWithinMs?: number;
};

async function requestAddress(): Promise<string | null> {
  try {
    return requestClientAddress(await headers());
  } catch {
    return null; // not in a request (a script or the scheduler)
  }
}

const TEXT_MAX = 500;

/**
 * What the store can hold, whatever was typed: NUL and lone surrogates become U+FFFD and text is
 * bounded, so that no input can make the audit write fail (and the attempt go unrecorded).
 */
export function storable(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.toWellFormed().replaceAll("\u0000", "\uFFFD").slice(0, TEXT_MAX);
  if (depth > 4 || value === null || typeof value !== "object")
    return typeof value === "number" || typeof value === "boolean" || value === null ? value : null;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => storable(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 50)
      .map(([key, item]) => [storable(key) as string, storable(item, depth + 1)]),
  );
}

const storableText = (value: string | undefined) => (value === undefined ? null : (storable(value) as string));

/** Every write, allowed or not, is recorded: who, when, from where, what, and how it ended. */
export async function recordAudit(
  actor: Pick<Actor, "id" | "email" | "connectionId">,
  entry: AuditEntry,
): Promise<void> {
  const db = await dashboardDb();
  const clientAddress = await requestAddress();
  const details = withoutUnchanged(entry.details) ?? null;
  if (entry.coalesceWithinMs && entry.result === "ok" && entry.targetType && entry.targetId) {
    const now = new Date();
    const [open] = await db
      .select({ id: auditLog.id, details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.connectionId, actor.connectionId),
          eq(auditLog.userId, actor.id),
          eq(auditLog.action, entry.action),
          eq(auditLog.targetType, entry.targetType),
          eq(auditLog.targetId, entry.targetId),
          eq(auditLog.result, "ok"),
          gte(auditLog.at, new Date(now.getTime() - entry.coalesceWithinMs)),
        ),
      )
      .orderBy(desc(auditLog.at))
      .limit(1);
    if (open) {
      await db
        .update(auditLog)
        .set({
          at: now,
          details: storable(mergeChangeDetails(open.details, details ?? undefined)) as Record<string, unknown>,
          clientAddress,
        })
        .where(eq(auditLog.id, open.id));
      return;
    }
  }
  await db.insert(auditLog).values({
    id: newId("aud"),
    connectionId: actor.connectionId,
    userId: actor.id,
    userEmail: actor.email,
    action: entry.action,
    result: entry.result,
    targetType: storableText(entry.targetType),
    targetId: storableText(entry.targetId),
    details: details ? (storable(details) as Record<string, unknown>) : null,
    clientAddress,
  });
}

/** One school's log, newest first, in pages keyed by time. */
export async function listAudit(connectionId: string, options: { before?: Date; limit?: number } = {}) {
  const db = await dashboardDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.connectionId, connectionId), options.before ? lt(auditLog.at, options.before) : undefined))
    .orderBy(desc(auditLog.at))
    .limit(options.limit ?? 50);
}
