import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { loadActor } from "@/lib/auth/actor";
import type { DashboardDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { loadStoredChild } from "@/lib/features/family/stored-child";
import { eachLimited } from "@/lib/features/sync/traverse";
import type { SchoolLookups } from "./absence";
import { composeWeekly } from "./compose-weekly";
import { enqueue } from "./outbox";
import { recipientsFor } from "./recipients";
import { publicBaseUrl, signUnsubscribe, unsubscribeUrl } from "./unsubscribe-token";
import type { Week } from "./weekly-schedule";
import { schoolNameIn } from "@/lib/features/school/name";

const QUEUE_LANES = 8;

/**
 * Queues the week's summary for each linked child of each parent who receives them, built as the
 * family pages build a child's view (`childView`, the one parent-safe shaping: invariant 10), from
 * the read models (`loadStoredChild`): what the summary shows is exactly what the parent may see.
 * One per (week, child, parent): queuing again is a no-op.
 */
export async function queueWeeklySummaries(
  db: DashboardDb,
  connectionId: string,
  lookups: SchoolLookups,
  week: Week,
  status: "pending" | "held",
): Promise<number> {
  const { school, secret } = lookups;
  const parents = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.connectionId, connectionId), eq(users.role, "parent"), isNull(users.disabledAt)));
  let queued = 0;
  // Parents in lanes: each one's summary is a few reads of the store, so one at a time a school of
  // thousands waits on the store's round trips rather than the processor.
  await eachLimited(parents, QUEUE_LANES, async (parent) => {
    const actor = await loadActor(parent.id);
    if (!actor) return;
    const recipients = await recipientsFor(db, connectionId, actor.studentLineageIds, "weekly");
    for (const recipient of recipients.filter((r) => r.userId === actor.id)) {
      const child = await loadStoredChild(
        { ...actor, locale: recipient.locale },
        recipient.lineageId,
        recipient.locale,
        { halqaName: lookups.halqaName, db, listedFrom: week.from },
      );
      if (!child) continue;
      const composed = composeWeekly({
        locale: recipient.locale,
        schoolName: schoolNameIn(school, recipient.locale),
        from: week.from,
        to: week.to,
        child,
        childUrl: `${publicBaseUrl()}/family/children/${encodeURIComponent(recipient.lineageId)}`,
        unsubscribeUrl: unsubscribeUrl(
          signUnsubscribe({ userId: recipient.userId, kind: "weekly", locale: recipient.locale }, secret),
        ),
        formats: lookups.formats,
      });
      const added = await enqueue(db, [
        {
          connectionId,
          tenantId: school.id,
          kind: "weekly",
          idempotencyKey: `weekly:${connectionId}:${school.id}:${week.to}:${recipient.lineageId}:${recipient.userId}`,
          recipient,
          subjectRef: `week:${recipient.lineageId}:${week.to}`,
          day: week.to,
          composed,
          status,
        },
      ]);
      queued += added;
    }
  });
  return queued;
}
