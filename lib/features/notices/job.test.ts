import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { acquireLease } from "@/lib/jobs/lease";
import { memoryStorePerFile } from "@/tests/support/db/memory-store-per-file";
import type { DashboardDb } from "@/lib/db/client";
import {
  noticeJobState,
  noticeSettings,
  noticeOutbox,
  noticePreferences,
  noticeRegisters,
  progressAttendance,
  progressSessions,
  progressStudents,
  userLinks,
  users,
} from "@/lib/db/schema";
import { dateIn } from "@/lib/dates";
import { runNotices, type NoticeRunOptions } from "./job";
import { requeueFailed } from "./outbox";
import {
  addParent,
  fakeClient,
  MAIL,
  mailSink,
  mark,
  SECRET,
  openNoticesStore,
  SCHOOL,
  session,
  storeRecords,
  student,
} from "@/tests/support/features/notices/fixture";

let db: DashboardDb;
memoryStorePerFile((opened) => (db = opened), openNoticesStore);

beforeEach(async () => {
  for (const table of [
    noticeOutbox,
    noticeRegisters,
    noticeJobState,
    noticePreferences,
    progressAttendance,
    progressSessions,
    progressStudents,
    userLinks,
    users,
  ])
    await db.delete(table);
  await storeRecords(db, {
    students: [student("s1", "Yusuf Ahmed"), student("s2", "Maryam Ali"), student("s3", "Omar Hassan")],
  });
  await addParent(db, "p1", "yusuf.parent@example.org", ["lin-s1"]);
  await addParent(db, "p2", "maryam.parent@example.org", ["lin-s2"], "ar");
});

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

function run(sink: ReturnType<typeof mailSink>, extra: Partial<NoticeRunOptions> = {}) {
  return runNotices("alnoor", { db, client: fakeClient(), mail: MAIL, send: sink.send, secret: SECRET, ...extra });
}

describe("absence notices", () => {
  it("sends one notice to the linked parent of a child marked absent when the session is ended, and never again", async () => {
    await storeRecords(db, {
      sessions: [session("se1", ago(1), true)],
      attendance: [
        mark("se1", "s1", "absent", ago(2), "TEACHER-NOTE: talk to the father"),
        mark("se1", "s2", "present", ago(2)),
        mark("se1", "s3", "absent", ago(2)),
      ],
    });
    const sink = mailSink();
    const first = await run(sink);
    expect(first).toMatchObject({ status: "completed", queued: 1, sent: 1 });
    expect(sink.sent).toHaveLength(1);
    const [mail] = sink.sent;
    expect(mail!.to).toBe("yusuf.parent@example.org");
    expect(mail!.subject).toContain("Yusuf Ahmed was absent");
    expect(mail!.text + mail!.html).not.toContain("TEACHER-NOTE");
    expect(mail!.text + mail!.html).not.toMatch(/Maryam|Omar/);
    expect(mail!.unsubscribeUrl).toContain("/api/notices/unsubscribe?token=");
    // A second run, a second instance, a re-read register: nothing more.
    await db.delete(noticeRegisters);
    expect(await run(sink)).toMatchObject({ queued: 0, sent: 0 });
    expect(sink.sent).toHaveLength(1);
  });

  it("a later register of the same day supersedes the earlier one: one update that says so; an earlier register settling afterwards sends nothing (issue 58.1)", async () => {
    const today = dateIn(SCHOOL.time_zone);
    await storeRecords(db, {
      sessions: [session("am", ago(50), true, today)],
      attendance: [mark("am", "s1", "absent", ago(45))],
    });
    const sink = mailSink();
    expect(await run(sink)).toMatchObject({ queued: 1, sent: 1 });
    expect(sink.sent[0]!.subject).toContain("Yusuf Ahmed was absent");
    // Yusuf's mother is linked only now: she was told nothing, so nothing of the morning is corrected for her.
    await addParent(db, "p3", "yusuf.mother@example.org", ["lin-s1"]);
    // A second session that afternoon (an extra lesson): present there. The family hears it, once, as an update.
    await storeRecords(db, {
      sessions: [session("pm", ago(20), true, today)],
      attendance: [mark("pm", "s1", "present", ago(15)), mark("pm", "s2", "present", ago(15))],
    });
    expect(await run(sink)).toMatchObject({ queued: 1, sent: 1 });
    const update = sink.sent[1]!;
    expect(update.to).toBe("yusuf.parent@example.org");
    expect(update.subject).toContain("Update on Yusuf Ahmed");
    expect(update.text).toContain("Yusuf Ahmed was marked present at Halqa Al-Fajr");
    expect(update.text).toContain("This replaces our earlier message about the same day");
    // A register of midday, between the two, settling only now: the later register has told the family already.
    await storeRecords(db, {
      sessions: [session("midday", ago(35), true, today)],
      attendance: [mark("midday", "s1", "late", ago(5))],
    });
    expect(await run(sink)).toMatchObject({ queued: 0 });
    expect(sink.sent).toHaveLength(2);
  });

  it("waits 30 quiet minutes on an open register, and a mark corrected before that sends nothing", async () => {
    await storeRecords(db, {
      sessions: [session("se2", ago(40), false)],
      attendance: [mark("se2", "s1", "absent", ago(10)), mark("se2", "s2", "late", ago(35))],
    });
    const sink = mailSink();
    expect(await run(sink)).toMatchObject({ queued: 0 });
    // Corrected to present before it settled.
    await storeRecords(db, { attendance: [{ ...mark("se2", "s1", "present", ago(5)) }] });
    expect(await run(sink, { now: new Date(Date.now() + 31 * 60_000) })).toMatchObject({ queued: 1, sent: 1 });
    expect(sink.sent.map((m) => m.to)).toEqual(["maryam.parent@example.org"]);
    expect(sink.sent[0]!.html).toContain('dir="rtl"');
    expect(sink.sent[0]!.subject).toContain("تأخر Maryam Ali");
  });

  it("does not mail registers that settled long before the notices started", async () => {
    await storeRecords(db, {
      sessions: [session("old", ago(3 * 60), true)],
      attendance: [mark("old", "s1", "absent", ago(3 * 60))],
    });
    await db.insert(noticeJobState).values({ connectionId: "alnoor", startedAt: ago(5) });
    const sink = mailSink();
    expect(await run(sink)).toMatchObject({ queued: 0 });
  });

  it("skips an unsubscribed, disabled or unlinked parent", async () => {
    await db.insert(noticePreferences).values({ userId: "p1", kind: "absence", enabled: false });
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, "p2"));
    await storeRecords(db, {
      sessions: [session("se3", ago(1), true)],
      attendance: [mark("se3", "s1", "absent", ago(2)), mark("se3", "s2", "absent", ago(2))],
    });
    const sink = mailSink();
    expect(await run(sink)).toMatchObject({ queued: 0, sent: 0 });
  });

  it("drops a queued notice whose parent was unlinked before it went out", async () => {
    await storeRecords(db, {
      sessions: [session("se4", ago(1), true)],
      attendance: [mark("se4", "s1", "absent", ago(2))],
    });
    const sink = mailSink();
    await run(sink, { mail: null });
    const [held] = await db.select().from(noticeOutbox);
    expect(held?.status).toBe("held");
    await db.update(noticeOutbox).set({ status: "pending" });
    await db.delete(userLinks).where(eq(userLinks.userId, "p1"));
    expect(await run(sink)).toMatchObject({ dropped: 1, sent: 0 });
  });
});

describe("delivery", () => {
  beforeEach(async () => {
    await storeRecords(db, {
      sessions: [session("sd", ago(1), true)],
      attendance: [mark("sd", "s1", "absent", ago(2))],
    });
  });

  it("keeps composed messages without a mail server", async () => {
    const sink = mailSink();
    expect(await run(sink, { mail: null })).toMatchObject({ queued: 1, sent: 0, mailServer: false });
    const rows = await db.select().from(noticeOutbox);
    expect(rows.map((r) => r.status)).toEqual(["held"]);
    expect(sink.sent).toHaveLength(0);
  });

  it("retries a temporary failure later and sends it once", async () => {
    const sink = mailSink();
    sink.fail({ code: "econnection", temporary: true });
    expect(await run(sink)).toMatchObject({ queued: 1, retrying: 1 });
    let [row] = await db.select().from(noticeOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastErrorCode: "econnection" });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    sink.fail(null);
    expect(await run(sink)).toMatchObject({ sent: 0 }); // not due yet
    await db.update(noticeOutbox).set({ nextAttemptAt: sql`now()` });
    expect(await run(sink)).toMatchObject({ sent: 1 });
    expect(await run(sink)).toMatchObject({ sent: 0 });
    [row] = await db.select().from(noticeOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(sink.sent).toHaveLength(1);
  });

  it("stops at a permanent failure, and an admin can send it again", async () => {
    const sink = mailSink();
    sink.fail({ code: "smtp_550", temporary: false });
    expect(await run(sink)).toMatchObject({ failed: 1 });
    const [row] = await db.select().from(noticeOutbox);
    expect(row).toMatchObject({ status: "failed", lastErrorCode: "smtp_550" });
    sink.fail(null);
    expect(await run(sink)).toMatchObject({ sent: 0 });
    expect(await requeueFailed(db, "alnoor", [row!.id])).toBe(1);
    expect(await run(sink)).toMatchObject({ sent: 1 });
  });

  it("gives up on temporary failures after 24 hours", async () => {
    const sink = mailSink();
    sink.fail({ code: "smtp_421", temporary: true });
    await run(sink, { mail: null });
    await db.update(noticeOutbox).set({ status: "pending", createdAt: ago(24 * 60 - 1) });
    expect(await run(sink)).toMatchObject({ failed: 1 });
    expect((await db.select().from(noticeOutbox))[0]).toMatchObject({ status: "failed", lastErrorCode: "expired" });
  });

  it("never resends a message whose run stopped mid-send: it is failed as interrupted for an admin", async () => {
    const sink = mailSink();
    await run(sink, { mail: null });
    await db.update(noticeOutbox).set({ status: "sending", claimedBy: "dead-run" });
    expect(await run(sink)).toMatchObject({ interrupted: 1, sent: 0 });
    expect((await db.select().from(noticeOutbox))[0]).toMatchObject({ status: "failed", lastErrorCode: "interrupted" });
  });

  it("a run longer than its lease keeps it, renewed as it works; a holder that stopped (kill -9) is taken over once its lease ends", async () => {
    const sink = mailSink();
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let sending!: () => void;
    const started = new Promise<void>((resolve) => (sending = resolve));
    const running = run(sink, {
      leaseMs: 400,
      send: async (config, mail) => (sending(), await held, sink.send(config, mail)),
    });
    await started;
    const expiry = async () => (await db.select().from(noticeJobState))[0]!.leaseExpiresAt!.getTime();
    const first = await expiry();
    // Twice the lease's length later, as the store's clock counts it, the run still holds it.
    await vi.waitFor(async () => expect(await expiry()).toBeGreaterThan(first + 800), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await run(mailSink(), { leaseMs: 400 })).toEqual({ status: "busy" });
    letGo();
    expect(await running).toMatchObject({ sent: 1 });

    expect(await acquireLease(db, noticeJobState, "alnoor", "killed-instance", 400)).not.toBeNull();
    expect(await run(mailSink(), { leaseMs: 400 })).toEqual({ status: "busy" });
    await vi.waitFor(async () => expect(await expiry()).toBeLessThan(Date.now()), { timeout: 10_000, interval: 50 });
    expect(await run(mailSink(), { leaseMs: 400 })).toMatchObject({ status: "completed" });
  });

  it("two runs at once (two instances) send it exactly once", async () => {
    const sink = mailSink();
    const results = await Promise.all([run(sink), run(sink), run(sink)]);
    expect(results.filter((r) => r.status === "busy").length).toBeGreaterThanOrEqual(1);
    await Promise.all([run(sink), run(sink)]);
    expect(sink.sent).toHaveLength(1);
  });
});

describe("weekly summaries before the school's records are read", () => {
  it("wait for the first progress sync: nothing is queued and the week is not marked done", async () => {
    await db.update(noticeSettings).set({ weeklyOn: true }).where(eq(noticeSettings.connectionId, "alnoor"));
    try {
      const sink = mailSink();
      // A Thursday evening in Riyadh: the week is due by the default day and time.
      expect(await run(sink, { now: new Date("2026-11-26T18:00:00Z") })).toMatchObject({
        status: "completed",
        queued: 0,
      });
      const [state] = await db
        .select({ week: noticeJobState.lastWeeklyWeek })
        .from(noticeJobState)
        .where(eq(noticeJobState.connectionId, "alnoor"));
      expect(state?.week ?? null).toBeNull();
      expect(sink.sent).toHaveLength(0);
    } finally {
      await db.update(noticeSettings).set({ weeklyOn: false }).where(eq(noticeSettings.connectionId, "alnoor"));
    }
  });
});
