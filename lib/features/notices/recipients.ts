import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DashboardExecutor } from "@/lib/db/client";
import { noticePreferences, users, userLinks, type NoticeKind } from "@/lib/db/schema";
import { isLocale, type Locale } from "@/lib/i18n/core";

/** A parent who receives a kind of notice about a child: enabled, linked to the child's lineage now, not unsubscribed. */
export type Recipient = { userId: string; email: string; locale: Locale; lineageId: string };

export async function recipientsFor(
  db: DashboardExecutor,
  connectionId: string,
  lineageIds: readonly string[],
  kind: NoticeKind,
): Promise<Recipient[]> {
  if (!lineageIds.length) return [];
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      locale: users.locale,
      lineageId: userLinks.refId,
      enabled: noticePreferences.enabled,
    })
    .from(users)
    .innerJoin(userLinks, and(eq(userLinks.userId, users.id), eq(userLinks.kind, "student_lineage")))
    .leftJoin(noticePreferences, and(eq(noticePreferences.userId, users.id), eq(noticePreferences.kind, kind)))
    .where(
      and(
        eq(users.connectionId, connectionId),
        eq(users.role, "parent"),
        isNull(users.disabledAt),
        inArray(userLinks.refId, [...lineageIds]),
      ),
    );
  return rows
    .filter((row) => row.enabled !== false)
    .map(({ userId, email, locale, lineageId }) => ({
      userId,
      email,
      locale: isLocale(locale) ? locale : "en",
      lineageId,
    }));
}

/** Whether a recipient may still receive a queued notice at the moment it is sent (disabled, unlinked or unsubscribed since: no). */
export async function stillReceives(
  db: DashboardExecutor,
  connectionId: string,
  userId: string,
  lineageId: string,
  kind: NoticeKind,
): Promise<boolean> {
  const found = await recipientsFor(db, connectionId, [lineageId], kind);
  return found.some((recipient) => recipient.userId === userId);
}
