import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { School } from "@/lib/contract";
import type { DashboardDb } from "@/lib/db/client";
import { noticeSettings, userLinks, users } from "@/lib/db/schema";
import { dateIn, zonedDateTimeToUtc } from "@/lib/dates";
import { registerState } from "@/lib/features/overview/register-state";
import { dayKey, expectedOn, registersOf } from "@/lib/features/overview/store-reads";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { timetablesOf } from "@/lib/features/timetable/store";
import { isLocale, type Locale } from "@/lib/i18n/core";
import type { Formats } from "@/lib/i18n/locales";
import type { V1Client } from "@/lib/v1";
import { composeMissingReminder, composeMissingSummary, type MissingLine } from "./compose-missing";
import { enqueue, type NewNotice } from "./outbox";
import { DEFAULT_NOTICE_TIMES } from "./times";
import { publicBaseUrl } from "./unsubscribe-token";
import { schoolNameIn } from "@/lib/features/school/name";

/**
 * Missing-register reminders (issue 25, point 3), queued by the notices job (one outbox, one mailer):
 * when a timetabled halqa's register is missing (register-state.ts: 20 minutes past its start, no
 * session or unmarked students), each teacher linked to the sheikh who should take it (the session's,
 * else the halqa's eligible ones) gets one e-mail; from the school's summary time (20:00 unless the
 * admins chose another, ./times.ts), each admin gets one summary of the day's missing registers
 * (none when nothing is missing). One per halqa, day and
 * teacher, and one per day and admin: the idempotency keys make a rerun or a second instance a no-op.
 * A register that fell due before the job first ran, or more than REMIND_WITHIN_MS ago, is not reminded.
 */
const REMIND_WITHIN_MS = 3 * 60 * 60_000;

type Lookups = { client: V1Client; school: School; formats: Formats };
type Person = { userId: string; email: string; locale: Locale };

export async function queueMissingRegisters(
  db: DashboardDb,
  connectionId: string,
  lookups: Lookups,
  startedAt: Date,
  now: Date,
  status: "pending" | "held",
): Promise<number> {
  const [settings] = await db
    .select({ on: noticeSettings.missingRegistersOn, summaryTime: noticeSettings.missingSummaryTime })
    .from(noticeSettings)
    .where(eq(noticeSettings.connectionId, connectionId))
    .limit(1);
  if (settings && !settings.on) return 0;
  const { client, school } = lookups;
  const semester = (await client.listAll("listSemesters")).items.find((s) => s.status === "active");
  if (!semester) return 0;
  const timetables = await timetablesOf(connectionId, semester.id, db);
  if (timetables.size === 0) return 0;
  const [halqas, sheikhs] = await Promise.all([
    client.listAll("listHalqas", { query: { semester_id: semester.id, limit: API_PAGE_SIZE } }),
    client.listAll("listSheikhs", { query: { limit: API_PAGE_SIZE } }),
  ]);
  const timed = halqas.items.filter((h) => h.semester_id === semester.id && timetables.has(h.id));
  const scope = { connectionId, tenantId: school.id };
  const today = dateIn(school.time_zone, now);
  const ids = timed.map((h) => h.id);
  const [registers, expected] = await Promise.all([
    registersOf(db, scope, ids, { from: today, to: today }),
    expectedOn(db, scope, ids, today),
  ]);
  const sheikhName = new Map(sheikhs.items.map((s) => [s.id, s.name]));
  const link = `${publicBaseUrl()}/admin`;
  const common = { timeZone: school.time_zone, date: today, formats: lookups.formats };
  const notices: NewNotice[] = [];
  const lines: MissingLine[] = [];

  for (const halqa of timed) {
    const state = registerState({
      timetable: timetables.get(halqa.id)!,
      date: today,
      timeZone: school.time_zone,
      now,
      sessions: registers.get(dayKey(halqa.id, today)) ?? [],
      expected: expected.get(halqa.id) ?? 0,
    });
    if (state.kind !== "missing") continue;
    const owners = state.session
      ? [state.session.sheikh_id]
      : sheikhs.items.filter((s) => s.halqa_ids.includes(halqa.id)).map((s) => s.id);
    lines.push({
      halqaName: halqa.name,
      startsAt: state.startsAt,
      teachers: owners.map((id) => sheikhName.get(id) ?? id),
    });
    const due = Date.parse(state.startsAt) + 20 * 60_000;
    if (due < startedAt.getTime() || now.getTime() - due > REMIND_WITHIN_MS) continue;
    for (const teacher of await teachersOf(db, connectionId, owners)) {
      notices.push({
        connectionId,
        tenantId: school.id,
        kind: "missing_register",
        idempotencyKey: `missing:${connectionId}:${school.id}:${halqa.id}:${today}:${teacher.userId}`,
        recipient: { ...teacher, lineageId: "" },
        subjectRef: `register:${halqa.id}:${today}`,
        day: today,
        composed: composeMissingReminder({
          ...common,
          locale: teacher.locale,
          schoolName: schoolNameIn(school, teacher.locale),
          link: `${publicBaseUrl()}/today`,
          halqaName: halqa.name,
          startsAt: state.startsAt,
          unmarked: state.session ? state.unmarked : null,
        }),
        status,
      });
    }
  }

  const summaryFrom = zonedDateTimeToUtc(
    today,
    settings?.summaryTime ?? DEFAULT_NOTICE_TIMES.summaryTime,
    school.time_zone,
  );
  if (lines.length && now.getTime() >= Date.parse(summaryFrom)) {
    for (const admin of await adminsOf(db, connectionId)) {
      notices.push({
        connectionId,
        tenantId: school.id,
        kind: "missing_summary",
        idempotencyKey: `missing-summary:${connectionId}:${school.id}:${today}:${admin.userId}`,
        recipient: { ...admin, lineageId: "" },
        subjectRef: `registers:${today}`,
        day: today,
        composed: composeMissingSummary({
          ...common,
          locale: admin.locale,
          schoolName: schoolNameIn(school, admin.locale),
          link,
          lines,
          asOf: summaryFrom,
        }),
        status,
      });
    }
  }
  return enqueue(db, notices);
}

const person = (row: { userId: string; email: string; locale: string }): Person => ({
  userId: row.userId,
  email: row.email,
  locale: isLocale(row.locale) ? row.locale : "en",
});

async function teachersOf(db: DashboardDb, connectionId: string, sheikhIds: readonly string[]): Promise<Person[]> {
  if (!sheikhIds.length) return [];
  const rows = await db
    .selectDistinct({ userId: users.id, email: users.email, locale: users.locale })
    .from(users)
    .innerJoin(userLinks, and(eq(userLinks.userId, users.id), eq(userLinks.kind, "sheikh")))
    .where(
      and(
        eq(users.connectionId, connectionId),
        eq(users.role, "teacher"),
        isNull(users.disabledAt),
        inArray(userLinks.refId, [...sheikhIds]),
      ),
    );
  return rows.map(person);
}

async function adminsOf(db: DashboardDb, connectionId: string): Promise<Person[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.connectionId, connectionId), eq(users.role, "admin"), isNull(users.disabledAt)));
  return rows.map(person);
}

/** Whether a member of staff may still receive a queued message when it is sent (disabled or another role since: no). */
export async function staffStillReceives(
  db: DashboardDb,
  connectionId: string,
  userId: string,
  kind: "missing_register" | "missing_summary",
): Promise<boolean> {
  const [row] = await db
    .select({ role: users.role, disabledAt: users.disabledAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.connectionId, connectionId)))
    .limit(1);
  if (!row || row.disabledAt) return false;
  return row.role === (kind === "missing_register" ? "teacher" : "admin");
}
