import "server-only";
import type { DashboardDb } from "@/lib/db/client";
import { isStaffKind, noticeJobState, type NoticeKind } from "@/lib/db/schema";
import { leaseUntil, writeOwned } from "@/lib/jobs/lease";
import type { MailConfig } from "@/lib/mail/config";
import { sendMail, type OutgoingMail, type SendResult } from "@/lib/mail/transport";
import { claimNext, markDropped, markFailed, markSent, type OutboxRow } from "./outbox";
import { staffStillReceives } from "./missing-registers";
import { stillReceives } from "./recipients";

export type Sender = (config: MailConfig, mail: OutgoingMail) => Promise<SendResult>;
export type DeliveryCounts = { sent: number; retrying: number; failed: number; dropped: number };

/**
 * A run hands over what is due for at most this long, then lets the scheduler's other connections
 * have their turn; the next run goes on. (A cap by count made a school's 5,000 weekly summaries wait
 * for three runs, a minute apart.)
 */
const RUN_BUDGET_MS = 3 * 60_000;
/**
 * Messages handed over at once. A hand-over waits some 150 ms on the SMTP conversation whatever the
 * server's load, so one at a time a school's 5,000 weekly summaries would take over ten minutes;
 * thirty-two lanes over the transport's few pooled connections compose and hand over 5,072 in
 * 56–60 s on two cores (npm run bench -- notices).
 */
const LANES = 32;

/** The lease (minutes long) is renewed this often while messages go out, not before each one. */
const RENEW_EVERY_MS = 10_000;

/**
 * Hands due messages of the connection to the SMTP server while this run holds the job's lease
 * (renewed every RENEW_EVERY_MS; a lost lease stops the run), in LANES at once. Each message is
 * claimed (`sending`, a conditional update: two lanes never take the same row) before it is handed
 * over and marked with the server's answer right after.
 */
export async function deliverDue(
  db: DashboardDb,
  connectionId: string,
  owner: string,
  leaseMs: number,
  config: MailConfig,
  send: Sender = sendMail,
): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { sent: 0, retrying: 0, failed: 0, dropped: 0 };
  const until = Date.now() + RUN_BUDGET_MS;
  let renewedAt = 0;
  const lane = async () => {
    while (Date.now() < until) {
      if (Date.now() - renewedAt >= RENEW_EVERY_MS) {
        renewedAt = Date.now();
        await writeOwned(db, noticeJobState, connectionId, owner, { leaseExpiresAt: leaseUntil(leaseMs) });
      }
      const row = await claimNext(db, connectionId, owner, LANES);
      if (!row) return;
      await deliverOne(db, row, owner, config, send, counts);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return counts;
}

async function deliverOne(
  db: DashboardDb,
  row: OutboxRow,
  owner: string,
  config: MailConfig,
  send: Sender,
  counts: DeliveryCounts,
): Promise<void> {
  const receives = isStaffKind(row.kind)
    ? await staffStillReceives(db, row.connectionId, row.recipientUserId, row.kind)
    : await stillReceives(db, row.connectionId, row.recipientUserId, row.lineageId, row.kind as NoticeKind);
  if (!receives) {
    await markDropped(db, row.id, owner, "no_longer_receives");
    counts.dropped++;
    return;
  }
  const result = await send(config, {
    to: row.recipientEmail,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    messageId: `<${row.id}@notices.halqa>`,
    unsubscribeUrl: unsubscribeLinkOf(row.textBody),
    language: row.locale,
  });
  if (result.ok) {
    await markSent(db, row.id, owner, result.messageId);
    counts.sent++;
  } else if ((await markFailed(db, row, owner, result, new Date())) === "retry") counts.retrying++;
  else counts.failed++;
}

/** The composed text ends with the unsubscribe link (render.ts): the header carries the same one. */
function unsubscribeLinkOf(text: string): string {
  const match = /(https?:\/\/\S+\/api\/notices\/unsubscribe\?token=\S+)\s*$/.exec(text);
  return match?.[1] ?? "";
}
