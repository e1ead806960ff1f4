import "server-only";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { DashboardDb, DashboardExecutor } from "@/lib/db/client";
import { noticeOutbox, type OutboxKind } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { Composed } from "./render";
import type { Recipient } from "./recipients";

/**
 * The outbox (issue 24, point 2): a message is a row before anything is sent, and its idempotency
 * key is unique, so queuing the same notice again (a second instance, a rerun) changes nothing.
 * A row moves held | pending → sending → sent | pending (retry) | failed.
 */
export type NewNotice = {
  connectionId: string;
  tenantId: string;
  kind: OutboxKind;
  idempotencyKey: string;
  recipient: Recipient;
  subjectRef: string;
  day: string;
  composed: Composed;
  status: "pending" | "held";
};

/** Temporary failures are retried for this long after the message was made. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
const RETRY_CAP_MS = 15 * 60_000;

/** Exponential backoff from `NOTICES_RETRY_BASE_SECONDS` (default 60): 1, 2, 4, 8 minutes…, at most 15, so a server back after an hour is used within 15 minutes. */
export function retryDelayMs(attempts: number, env: Record<string, string | undefined> = process.env): number {
  const base = Math.max(1, Number(env.NOTICES_RETRY_BASE_SECONDS) || 60) * 1000;
  return Math.min(RETRY_CAP_MS, base * 2 ** Math.min(Math.max(attempts - 1, 0), 20));
}

export async function enqueue(db: DashboardExecutor, notices: readonly NewNotice[]): Promise<number> {
  if (!notices.length) return 0;
  const inserted = await db
    .insert(noticeOutbox)
    .values(
      notices.map((notice) => ({
        id: newId("msg"),
        connectionId: notice.connectionId,
        tenantId: notice.tenantId,
        kind: notice.kind,
        idempotencyKey: notice.idempotencyKey,
        recipientUserId: notice.recipient.userId,
        recipientEmail: notice.recipient.email,
        locale: notice.recipient.locale,
        lineageId: notice.recipient.lineageId,
        subjectRef: notice.subjectRef,
        day: notice.day,
        subject: notice.composed.subject,
        textBody: notice.composed.text,
        htmlBody: notice.composed.html,
        status: notice.status,
      })),
    )
    .onConflictDoNothing({ target: noticeOutbox.idempotencyKey })
    .returning({ id: noticeOutbox.id });
  return inserted.length;
}

export type OutboxRow = typeof noticeOutbox.$inferSelect;

/**
 * Takes the next due message of the connection for `owner`: status `sending`, one attempt more.
 * Conditional on the row still being due, so two claimers never take the same row.
 */
export async function claimNext(
  db: DashboardDb,
  connectionId: string,
  owner: string,
  spread = 1,
): Promise<OutboxRow | null> {
  // Each claimer tries the oldest `spread` due rows from a place of its own, so that many lanes take
  // many rows instead of all reading the same oldest one and all but one trying again.
  const due = await db
    .select({ id: noticeOutbox.id })
    .from(noticeOutbox)
    .where(
      and(
        eq(noticeOutbox.connectionId, connectionId),
        eq(noticeOutbox.status, "pending"),
        lte(noticeOutbox.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(noticeOutbox.nextAttemptAt, noticeOutbox.createdAt)
    .limit(spread);
  const first = Math.floor(Math.random() * due.length);
  for (let i = 0; i < due.length; i++) {
    const [claimed] = await db
      .update(noticeOutbox)
      .set({ status: "sending", claimedBy: owner, attempts: sql`${noticeOutbox.attempts} + 1` })
      .where(and(eq(noticeOutbox.id, due[(first + i) % due.length]!.id), eq(noticeOutbox.status, "pending")))
      .returning();
    if (claimed) return claimed;
  }
  return due.length ? claimNext(db, connectionId, owner, spread) : null;
}

/** The SMTP server accepted it. Written whatever happened to the row meanwhile: it was sent. */
export async function markSent(db: DashboardExecutor, id: string, owner: string, messageId: string): Promise<void> {
  await db
    .update(noticeOutbox)
    .set({ status: "sent", sentAt: sql`now()`, messageId, lastErrorCode: null })
    .where(and(eq(noticeOutbox.id, id), eq(noticeOutbox.claimedBy, owner)));
}

/** A failure: temporary ones wait and are tried again within the retry window; permanent ones, and temporary ones past it, stop. */
export async function markFailed(
  db: DashboardExecutor,
  row: OutboxRow,
  owner: string,
  failure: { code: string; temporary: boolean },
  now: Date,
): Promise<"retry" | "failed"> {
  const next = new Date(now.getTime() + retryDelayMs(row.attempts));
  const retry = failure.temporary && next.getTime() < row.createdAt.getTime() + RETRY_WINDOW_MS;
  await db
    .update(noticeOutbox)
    .set(
      retry
        ? { status: "pending", nextAttemptAt: next, lastErrorCode: failure.code }
        : { status: "failed", lastErrorCode: failure.temporary ? "expired" : failure.code },
    )
    .where(and(eq(noticeOutbox.id, row.id), eq(noticeOutbox.claimedBy, owner), eq(noticeOutbox.status, "sending")));
  return retry ? "retry" : "failed";
}

/** Not sent on purpose (the parent was disabled, unlinked or unsubscribed since it was queued). */
export async function markDropped(db: DashboardExecutor, id: string, owner: string, code: string): Promise<void> {
  await db
    .update(noticeOutbox)
    .set({ status: "failed", lastErrorCode: code })
    .where(and(eq(noticeOutbox.id, id), eq(noticeOutbox.claimedBy, owner)));
}

/**
 * Rows left `sending` by a run that stopped (a crash, a restart, a lease taken over): the SMTP server
 * may or may not have accepted them. Never sent again automatically (the same notice is never sent
 * twice); failed as `interrupted`, for an admin to send again knowingly.
 */
export async function failInterrupted(db: DashboardExecutor, connectionId: string, owner: string): Promise<number> {
  const rows = await db
    .update(noticeOutbox)
    .set({ status: "failed", lastErrorCode: "interrupted" })
    .where(
      and(
        eq(noticeOutbox.connectionId, connectionId),
        eq(noticeOutbox.status, "sending"),
        sql`${noticeOutbox.claimedBy} is distinct from ${owner}`,
      ),
    )
    .returning({ id: noticeOutbox.id });
  return rows.length;
}

/** An admin's "send again": a failed message is due again, with a fresh retry window. */
export async function requeueFailed(
  db: DashboardExecutor,
  connectionId: string,
  ids: readonly string[],
): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(noticeOutbox)
    .set({ status: "pending", nextAttemptAt: sql`now()`, createdAt: sql`now()`, attempts: 0, claimedBy: null })
    .where(
      and(
        eq(noticeOutbox.connectionId, connectionId),
        inArray(noticeOutbox.id, [...ids]),
        eq(noticeOutbox.status, "failed"),
      ),
    )
    .returning({ id: noticeOutbox.id });
  return rows.length;
}

/** Messages waiting to be sent (pending or being sent), per connection, and when the oldest was made. */
export async function outboxBacklog(
  db: DashboardDb,
): Promise<{ connectionId: string; waiting: number; oldest: Date | null }[]> {
  const rows = await db
    .select({
      connectionId: noticeOutbox.connectionId,
      waiting: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${noticeOutbox.createdAt})`,
    })
    .from(noticeOutbox)
    .where(inArray(noticeOutbox.status, ["pending", "sending"]))
    .groupBy(noticeOutbox.connectionId);
  return rows.map((row) => ({
    connectionId: row.connectionId,
    waiting: Number(row.waiting),
    oldest: row.oldest ? new Date(row.oldest) : null,
  }));
}
