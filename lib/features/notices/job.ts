import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { eq, sql } from "drizzle-orm";
import { authSecret } from "@/lib/auth/secret";
import { clientFor } from "@/lib/connections";
import type { DashboardDb } from "@/lib/db/client";
import { dateIn } from "@/lib/dates";
import { noticeJobState, noticeSettings, progressSyncState } from "@/lib/db/schema";
import { acquireLease, keepLease, RELEASED, writeIfOwned } from "@/lib/jobs/lease";
import { mailConfigFor, type MailConfig } from "@/lib/mail/config";
import { failureOf, type V1Client } from "@/lib/v1";
import { getSchoolLanguages } from "@/lib/preferences/school-languages";
import { queueAbsenceNotices, type SchoolLookups } from "./absence";
import { deliverDue, type DeliveryCounts, type Sender } from "./deliver";
import { queueMissingRegisters } from "./missing-registers";
import { failInterrupted } from "./outbox";
import { DEFAULT_NOTICE_TIMES } from "./times";
import { queueWeeklySummaries } from "./weekly";
import { dueWeek, weekEnding } from "./weekly-schedule";

/**
 * The notices job (issue 24): for one school connection, under the job's lease (one run per
 * connection across instances, lib/jobs/lease.ts), queue the notices of registers that
 * settled, then hand due messages to the mail server. Run every minute by the scheduler started in
 * instrumentation.ts, and at once when a session is ended in the dashboard.
 */
export type NoticeRunResult =
  | { status: "busy" }
  | ({
      status: "completed";
      queued: number;
      interrupted: number;
      mailServer: boolean;
      problem?: { code: string };
    } & DeliveryCounts);

/**
 * The job's lease, renewed every 15 s while a run works (`keepLease`): a run of any length keeps
 * it, and after a crash (kill -9, a lost machine) another instance, or the restarted one, takes the
 * school's notices over within a minute instead of five.
 */
const LEASE_MS = 60_000;

export type NoticeRunOptions = {
  db?: DashboardDb;
  client?: V1Client;
  now?: Date;
  mail?: MailConfig | null;
  send?: Sender;
  secret?: string;
  /** Queue the weekly summary of the week ending today now, whatever the day (the command line, an admin's button). */
  weeklyNow?: boolean;
  /** The lease's length (tests); `LEASE_MS` otherwise. */
  leaseMs?: number;
};

export async function runNotices(connectionId: string, options: NoticeRunOptions = {}): Promise<NoticeRunResult> {
  const db = options.db ?? (await (await import("@/lib/db")).dashboardDb());
  const owner = `${hostname()}:${process.pid}:${randomBytes(6).toString("hex")}`;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const state = await acquireLease(db, noticeJobState, connectionId, owner, leaseMs);
  if (!state) return { status: "busy" };
  const heartbeat = keepLease(db, noticeJobState, connectionId, owner, leaseMs);
  try {
    const mail = options.mail === undefined ? mailConfigFor(connectionId) : options.mail;
    let queued = 0;
    let problem: { code: string } | undefined;
    try {
      const now = options.now ?? new Date();
      const secret = options.secret ?? authSecret();
      const lookups = {
        ...(await schoolLookups(options.client ?? clientFor(connectionId), secret)),
        formats: (await getSchoolLanguages(connectionId, db)).formats,
      };
      queued = await queueAbsenceNotices(db, connectionId, lookups, state.startedAt, now, mail ? "pending" : "held");
      queued += await queueDueWeekly(
        db,
        connectionId,
        lookups,
        now,
        state.lastWeeklyWeek,
        mail ? "pending" : "held",
        options.weeklyNow ?? false,
      );
      queued += await queueMissingRegisters(
        db,
        connectionId,
        { client: options.client ?? clientFor(connectionId), school: lookups.school, formats: lookups.formats },
        state.startedAt,
        now,
        mail ? "pending" : "held",
      );
    } catch (error) {
      // The school's API refused or is down: nothing new is queued; what is queued is still sent.
      const failure = failureOf(error);
      if (!failure) throw error;
      problem = { code: failure.code };
    }
    const interrupted = mail ? await failInterrupted(db, connectionId, owner) : 0;
    const counts = mail
      ? await deliverDue(db, connectionId, owner, leaseMs, mail, options.send)
      : { sent: 0, retrying: 0, failed: 0, dropped: 0 };
    await db
      .update(noticeJobState)
      .set({ lastRunAt: sql`now()` })
      .where(eq(noticeJobState.connectionId, connectionId));
    return {
      status: "completed",
      queued,
      interrupted,
      mailServer: Boolean(mail),
      ...counts,
      ...(problem ? { problem } : {}),
    };
  } finally {
    heartbeat.stop();
    await writeIfOwned(db, noticeJobState, connectionId, owner, RELEASED);
  }
}

/** The weekly summaries when their moment has come (or now when asked), once per week and connection. */
async function queueDueWeekly(
  db: DashboardDb,
  connectionId: string,
  lookups: SchoolLookups,
  now: Date,
  lastSent: string | null,
  status: "pending" | "held",
  force: boolean,
): Promise<number> {
  const { school } = lookups;
  const [settings] = await db
    .select()
    .from(noticeSettings)
    .where(eq(noticeSettings.connectionId, connectionId))
    .limit(1);
  if (settings && !settings.weeklyOn) return 0;
  const week = force
    ? weekEnding(dateIn(school.time_zone, now))
    : dueWeek(settings ?? DEFAULT_NOTICE_TIMES, school.time_zone, now, lastSent);
  if (!week) return 0;
  // Summaries are built from the read models: before the first progress sync of this school has
  // completed they would be empty, so the week waits (and is tried again on the next run).
  const [progress] = await db
    .select({ lastCompletedAt: progressSyncState.lastCompletedAt, tenantId: progressSyncState.tenantId })
    .from(progressSyncState)
    .where(eq(progressSyncState.connectionId, connectionId))
    .limit(1);
  if (!progress?.lastCompletedAt || progress.tenantId !== school.id) return 0;
  // The week as the school has it now: a cycle that begins after this moment reads the registers
  // taken since the last one (a running cycle may have read today's session before its last marks,
  // so it is waited for first). If the API is down or the wait runs out, the store's copy is used.
  await (await import("@/lib/features/progress/sync")).syncProgressAfterNow(connectionId).catch(() => undefined);
  const queued = await queueWeeklySummaries(db, connectionId, lookups, week, status);
  await db.update(noticeJobState).set({ lastWeeklyWeek: week.to }).where(eq(noticeJobState.connectionId, connectionId));
  return queued;
}

async function schoolLookups(client: V1Client, secret: string): Promise<SchoolLookups> {
  const school = await client.tenant();
  const halqas = new Map<string, Promise<string | null>>();
  return {
    school,
    secret,
    halqaName(id) {
      let found = halqas.get(id);
      if (!found)
        halqas.set(
          id,
          (found = client.call("getHalqa", { params: { id } }).then(
            (halqa) => halqa.name,
            () => null,
          )),
        );
      return found;
    },
    student: (id) => client.call("getStudent", { params: { id } }).catch(() => null),
  };
}
