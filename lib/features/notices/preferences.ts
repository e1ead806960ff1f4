import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { DashboardExecutor } from "@/lib/db/client";
import { NOTICE_KINDS, noticeOutbox, noticePreferences, type NoticeKind, type OutboxKind } from "@/lib/db/schema";

/** The kinds of message a family may turn on or off (the preference forms list them). */
export { NOTICE_KINDS };

/**
 * A parent's own choices of messages (issue 24.5): each kind on unless they turned it off (no row:
 * on, for new parents and the demo alike; one-click unsubscribe writes the same row). The language
 * of their messages is their account's language (`users.locale`), the one the page shows.
 */
export type NoticeChoices = Record<NoticeKind, boolean>;
export type LastMessage = { kind: OutboxKind; sentAt: Date };

export async function loadChoices(db: DashboardExecutor, userId: string): Promise<NoticeChoices> {
  const rows = await db
    .select({ kind: noticePreferences.kind, enabled: noticePreferences.enabled })
    .from(noticePreferences)
    .where(eq(noticePreferences.userId, userId));
  return Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, rows.find((row) => row.kind === kind)?.enabled ?? true]),
  ) as NoticeChoices;
}

export async function saveChoices(db: DashboardExecutor, userId: string, choices: NoticeChoices): Promise<void> {
  const now = new Date();
  for (const kind of NOTICE_KINDS) {
    await db
      .insert(noticePreferences)
      .values({ userId, kind, enabled: choices[kind], updatedAt: now })
      .onConflictDoUpdate({
        target: [noticePreferences.userId, noticePreferences.kind],
        set: { enabled: choices[kind], updatedAt: now },
      });
  }
}

/** The last message handed to the mail server for this person, of the school the admin runs. */
export async function lastSent(
  db: DashboardExecutor,
  connectionId: string,
  userId: string,
): Promise<LastMessage | null> {
  const [row] = await db
    .select({ kind: noticeOutbox.kind, sentAt: noticeOutbox.sentAt })
    .from(noticeOutbox)
    .where(
      and(
        eq(noticeOutbox.connectionId, connectionId),
        eq(noticeOutbox.recipientUserId, userId),
        eq(noticeOutbox.status, "sent"),
      ),
    )
    .orderBy(desc(noticeOutbox.sentAt))
    .limit(1);
  return row?.sentAt ? { kind: row.kind, sentAt: row.sentAt } : null;
}
