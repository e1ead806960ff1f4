import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DashboardDb } from "@/lib/db/client";
import {
  halqaTimetable,
  noticeJobState,
  noticeOutbox,
  noticeSettings,
  progressAttendance,
  progressSessions,
  progressStudents,
  userLinks,
  users,
} from "@/lib/db/schema";
import { dateIn, zonedDateTimeToUtc } from "@/lib/dates";
import { weekdayOf } from "@/lib/features/timetable/rules";
import type { V1Client } from "@/lib/v1";
import { runNotices } from "./job";
import {
  mark,
  openNoticesStore,
  SCHOOL,
  SECRET,
  session,
  storeRecords,
  student,
} from "@/tests/support/features/notices/fixture";

/**
 * Missing-register reminders (issue 25, point 3) through the notices job and the one outbox, handed
 * to a real SMTP server on loopback (smtp-server, as e2e/notices.spec.ts): one e-mail to the teacher,
 * one summary to each admin at the end of the day, never twice, whatever runs twice at once.
 */
let store: Awaited<ReturnType<typeof openNoticesStore>>;
let db: DashboardDb;
let smtp: SMTPServer;
let port = 0;
const received: ParsedMail[] = [];

beforeAll(async () => {
  store = await openNoticesStore();
  db = store.db;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
}, 180_000);
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await store?.close();
});

const TODAY = dateIn(SCHOOL.time_zone);
const at = (time: string) => new Date(zonedDateTimeToUtc(TODAY, time, SCHOOL.time_zone));

const client = {
  tenant: async () => SCHOOL,
  listAll: async (name: string) => {
    if (name === "listSemesters") return { items: [{ id: "sem1", status: "active" }] };
    if (name === "listHalqas") return { items: [{ id: "h1", semester_id: "sem1", name: "Halqa Al-Fajr" }] };
    if (name === "listSheikhs") return { items: [{ id: "sh1", name: "Abdullah Al-Harbi", halqa_ids: ["h1"] }] };
    return { items: [] };
  },
  call: async () => {
    throw Object.assign(new Error("not found"), { code: "not_found" });
  },
} as unknown as V1Client;

const run = (now: Date) =>
  runNotices("alnoor", {
    db,
    client,
    now,
    mail: { url: `smtp://127.0.0.1:${port}`, from: '"Al-Noor" <no-reply@alnoor.test>' },
    secret: SECRET,
  });
const to = (address: string) =>
  received.filter((mail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).some((a) =>
      a.value.some((v) => v.address === address),
    ),
  );

beforeEach(async () => {
  received.length = 0;
  for (const table of [
    noticeOutbox,
    noticeJobState,
    halqaTimetable,
    progressAttendance,
    progressSessions,
    progressStudents,
    userLinks,
    users,
  ])
    await db.delete(table);
  await db
    .update(noticeSettings)
    .set({ missingRegistersOn: true, missingSummaryTime: "20:00" })
    .where(eq(noticeSettings.connectionId, "alnoor"));
  // The job started yesterday: today's registers are its to remind.
  await db
    .insert(noticeJobState)
    .values({ connectionId: "alnoor", startedAt: new Date(Date.now() - 24 * 60 * 60_000) });
  await storeRecords(db, { students: [student("s1", "Yusuf Ahmed"), student("s2", "Maryam Ali")] });
  await db.insert(users).values([
    { id: "t1", connectionId: "alnoor", email: "teacher@alnoor.test", name: "Teacher", role: "teacher", locale: "en" },
    { id: "a1", connectionId: "alnoor", email: "head@alnoor.test", name: "Head", role: "admin", locale: "ar" },
  ]);
  await db.insert(userLinks).values({ userId: "t1", kind: "sheikh", refId: "sh1", label: "Abdullah Al-Harbi" });
  await db.insert(halqaTimetable).values({
    connectionId: "alnoor",
    halqaId: "h1",
    semesterId: "sem1",
    weekdays: [weekdayOf(TODAY)],
    startsAt: "16:00",
    endsAt: null,
  });
});

describe("missing-register reminders", () => {
  it("nothing before 20 minutes past the start; then one e-mail to the teacher, whatever runs twice at once", async () => {
    expect(await run(at("16:19"))).toMatchObject({ status: "completed", queued: 0 });
    const [first, second] = await Promise.all([run(at("16:25")), run(at("16:26"))]);
    expect([first, second].filter((r) => r.status === "completed").length).toBeGreaterThanOrEqual(1);
    await run(at("16:40"));
    const mails = to("teacher@alnoor.test");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Register not taken: Halqa Al-Fajr");
    expect(mails[0]!.text).toMatch(/started at (16:00|4:00\s?PM)/);
    expect(mails[0]!.text).not.toMatch(/Yusuf|Maryam/);
    expect(mails[0]!.headers.get("list-unsubscribe")).toBeUndefined();
    expect(received).toHaveLength(1);
  });

  it("names the unmarked students' count when a session was started, and nothing once the register is taken", async () => {
    const started = session("se1", at("16:05"), false, TODAY);
    await storeRecords(db, { sessions: [started], attendance: [mark("se1", "s1", "present", at("16:06"))] });
    await run(at("16:30"));
    expect(to("teacher@alnoor.test")[0]!.text).toContain("1 student is not marked");

    received.length = 0;
    await db.delete(noticeOutbox);
    await storeRecords(db, { attendance: [mark("se1", "s2", "absent", at("16:31"))] });
    expect(await run(at("16:32"))).toMatchObject({ queued: 0 });
    expect(received).toHaveLength(0);
  });

  it("sends each admin one summary of the day's missing registers at the end of the day, in their language", async () => {
    await run(at("16:30"));
    expect(to("head@alnoor.test")).toHaveLength(0);
    await Promise.all([run(at("20:05")), run(at("20:06"))]);
    await run(at("21:00"));
    const summaries = to("head@alnoor.test");
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.html).toContain('dir="rtl"');
    expect(summaries[0]!.text).toContain("Halqa Al-Fajr");
    expect(summaries[0]!.text).toContain("Abdullah Al-Harbi");
    expect(to("teacher@alnoor.test")).toHaveLength(1);
  });

  it("sends the admins' summary from the time the school chose instead", async () => {
    await db
      .update(noticeSettings)
      .set({ missingSummaryTime: "17:30" })
      .where(eq(noticeSettings.connectionId, "alnoor"));
    await run(at("17:29"));
    expect(to("head@alnoor.test")).toHaveLength(0);
    await run(at("17:31"));
    expect(to("head@alnoor.test")).toHaveLength(1);
    // It says the time it speaks for (issue 58.14: it said "at the end of the school day" at any hour).
    expect(to("head@alnoor.test")[0]!.text).toMatch(/(17:30|5:30)/);
    expect(to("head@alnoor.test")[0]!.text).not.toContain("نهاية اليوم");
  });

  it("in the README's default configuration (no SMTP_URL) composes the reminder and keeps it, sending nothing", async () => {
    const kept = await runNotices("alnoor", { db, client, now: at("16:30"), mail: null, secret: SECRET });
    expect(kept).toMatchObject({ status: "completed", queued: 1, mailServer: false });
    const rows = await db.select({ status: noticeOutbox.status, to: noticeOutbox.recipientEmail }).from(noticeOutbox);
    expect(rows).toEqual([{ status: "held", to: "teacher@alnoor.test" }]);
    expect(received).toHaveLength(0);
  });

  it("sends nothing when admins turned the reminders off", async () => {
    await db.update(noticeSettings).set({ missingRegistersOn: false }).where(eq(noticeSettings.connectionId, "alnoor"));
    expect(await run(at("20:30"))).toMatchObject({ queued: 0 });
    expect(received).toHaveLength(0);
  });
});
