import "server-only";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db/client";
import { noticeOutbox, noticeSettings, type NoticeStatus, type OutboxKind } from "@/lib/db/schema";
import { DEFAULT_NOTICE_TIMES, type NoticeTimes } from "./times";

/** What the admins' Messages page reads: per kind and day, the failed ones with their reason, the latest ones, the school's switches. */
export type DayCount = { day: string; kind: OutboxKind; sent: number; waiting: number; failed: number; held: number };
export type MessageRow = {
  id: string;
  kind: OutboxKind;
  email: string;
  subject: string;
  status: NoticeStatus;
  reason: string | null;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
};
/** The school's switches: each kind to families, and the missing-register messages to staff (both of its kinds at once). */
export const SWITCHES = ["absence", "weekly", "missing_register"] as const;
export type NoticeSwitch = (typeof SWITCHES)[number];
export type NoticeSwitches = Record<NoticeSwitch, boolean>;

const DAYS_SHOWN = 14;
const LIST_LIMIT = 50;

const row = {
  id: noticeOutbox.id,
  kind: noticeOutbox.kind,
  email: noticeOutbox.recipientEmail,
  subject: noticeOutbox.subject,
  status: noticeOutbox.status,
  reason: noticeOutbox.lastErrorCode,
  attempts: noticeOutbox.attempts,
  createdAt: noticeOutbox.createdAt,
  sentAt: noticeOutbox.sentAt,
};

export async function loadMessagesView(db: DashboardDb, connectionId: string, today: string) {
  const since = new Date(`${today}T00:00:00Z`);
  since.setUTCDate(since.getUTCDate() - DAYS_SHOWN);
  const count = (status: string) =>
    sql<number>`count(*) filter (where ${noticeOutbox.status} = ${status})`.mapWith(Number);
  const [days, failed, recent, settings] = await Promise.all([
    db
      .select({
        day: noticeOutbox.day,
        kind: noticeOutbox.kind,
        sent: count("sent"),
        waiting: sql<number>`count(*) filter (where ${noticeOutbox.status} in ('pending', 'sending'))`.mapWith(Number),
        failed: count("failed"),
        held: count("held"),
      })
      .from(noticeOutbox)
      .where(and(eq(noticeOutbox.connectionId, connectionId), gte(noticeOutbox.day, since.toISOString().slice(0, 10))))
      .groupBy(noticeOutbox.day, noticeOutbox.kind)
      .orderBy(desc(noticeOutbox.day), noticeOutbox.kind),
    db
      .select(row)
      .from(noticeOutbox)
      .where(and(eq(noticeOutbox.connectionId, connectionId), eq(noticeOutbox.status, "failed")))
      .orderBy(desc(noticeOutbox.createdAt))
      .limit(LIST_LIMIT),
    db
      .select(row)
      .from(noticeOutbox)
      .where(eq(noticeOutbox.connectionId, connectionId))
      .orderBy(desc(noticeOutbox.createdAt))
      .limit(LIST_LIMIT),
    settingsOf(db, connectionId),
  ]);
  return {
    days: days as DayCount[],
    failed: failed as MessageRow[],
    recent: recent as MessageRow[],
    switches: switchesOf(settings),
    times: timesOf(settings),
  };
}

export async function noticeSwitches(db: DashboardDb, connectionId: string): Promise<NoticeSwitches> {
  return switchesOf(await settingsOf(db, connectionId));
}

/** The school's row of settings; none until an admin saves one (every default then applies). */
async function settingsOf(db: DashboardDb, connectionId: string) {
  const [settings] = await db
    .select()
    .from(noticeSettings)
    .where(eq(noticeSettings.connectionId, connectionId))
    .limit(1);
  return settings ?? null;
}

type Settings = Awaited<ReturnType<typeof settingsOf>>;

const switchesOf = (settings: Settings): NoticeSwitches => ({
  absence: settings?.absenceOn ?? true,
  weekly: settings?.weeklyOn ?? true,
  missing_register: settings?.missingRegistersOn ?? true,
});

/** When the school's scheduled messages go out (./times.ts), as saved, else the defaults. */
const timesOf = (settings: Settings): NoticeTimes =>
  settings
    ? { weeklyDay: settings.weeklyDay, weeklyTime: settings.weeklyTime, summaryTime: settings.missingSummaryTime }
    : DEFAULT_NOTICE_TIMES;

/** Writes these of the school's notice settings (the row is made on the first write), by whom. */
async function saveSettings(
  db: DashboardDb,
  connectionId: string,
  set: Partial<typeof noticeSettings.$inferInsert>,
  by: string,
): Promise<void> {
  await db
    .insert(noticeSettings)
    .values({ connectionId, ...set, updatedBy: by })
    .onConflictDoUpdate({ target: noticeSettings.connectionId, set: { ...set, updatedBy: by, updatedAt: new Date() } });
}

export async function setNoticeTimes(
  db: DashboardDb,
  connectionId: string,
  times: NoticeTimes,
  by: string,
): Promise<void> {
  const set = { weeklyDay: times.weeklyDay, weeklyTime: times.weeklyTime, missingSummaryTime: times.summaryTime };
  await saveSettings(db, connectionId, set, by);
}

export async function setNoticeKind(
  db: DashboardDb,
  connectionId: string,
  kind: NoticeSwitch,
  on: boolean,
  by: string,
): Promise<void> {
  const set =
    kind === "absence" ? { absenceOn: on } : kind === "weekly" ? { weeklyOn: on } : { missingRegistersOn: on };
  await saveSettings(db, connectionId, set, by);
}

/** One message of the school, for the demo's preview. */
export async function loadMessage(db: DashboardDb, connectionId: string, id: string) {
  const [found] = await db
    .select()
    .from(noticeOutbox)
    .where(and(eq(noticeOutbox.connectionId, connectionId), eq(noticeOutbox.id, id)))
    .limit(1);
  return found ?? null;
}
