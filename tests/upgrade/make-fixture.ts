/**
 * Makes tests/upgrade/fixtures/store-0009.sql: a dashboard store of the previous release (migrations
 * up to 0009_family_indexes) with a few rows in each of its own tables. Run from a checkout of that
 * release, which has everything this imports (tests/upgrade/README.md):
 *
 *   git archive da4668e^1 | tar -x -C /tmp/old && ln -s "$PWD/node_modules" /tmp/old/node_modules
 *   cp tests/upgrade/make-fixture.ts /tmp/old/tests/upgrade/ && (cd /tmp/old && npx tsx --conditions=react-server tests/upgrade/make-fixture.ts) > tests/upgrade/fixtures/store-0009.sql
 */
import { execFileSync } from "node:child_process";
import { openDashboardDatabase } from "../../lib/db/client";
import * as s from "../../lib/db/schema";
import { hashPassword } from "../../lib/auth/password";
import { POSTGRES_BIN_DIR, startPostgres } from "../../scripts/postgres";

const at = (text: string) => new Date(text);
const cluster = await startPostgres();
try {
  const store = await openDashboardDatabase({ DATABASE_URL: cluster.url });
  const db = store.db;
  await db.insert(s.connections).values({
    id: "alnoor",
    label: "Al-Noor Academy",
    tenantId: "ten_alnoor",
    checkedAt: at("2026-11-01T07:00:00.250Z"),
  });
  await db.insert(s.users).values([
    {
      id: "usr_admin",
      connectionId: "alnoor",
      email: "head@alnoor.example",
      name: "Head Teacher",
      role: "admin",
      passwordHash: await hashPassword("upgrade-admin-password"),
      sessionVersion: 2,
    },
    {
      id: "usr_teacher",
      connectionId: "alnoor",
      email: "sheikh@alnoor.example",
      name: "الشيخ يوسف",
      role: "teacher",
      passwordHash: await hashPassword("upgrade-teacher-password"),
      locale: "ar",
    },
    {
      id: "usr_parent",
      connectionId: "alnoor",
      email: "parent@alnoor.example",
      name: "Parent",
      role: "parent",
      passwordHash: null,
    },
    {
      id: "usr_gone",
      connectionId: "alnoor",
      email: "gone@alnoor.example",
      name: "Left",
      role: "teacher",
      passwordHash: await hashPassword("upgrade-gone-password"),
      disabledAt: at("2026-11-02T09:00:00Z"),
    },
  ]);
  await db.insert(s.userLinks).values([
    { userId: "usr_teacher", kind: "sheikh", refId: "shk_1", label: "الشيخ يوسف" },
    { userId: "usr_parent", kind: "student_lineage", refId: "lin_1", label: "Amina" },
  ]);
  await db.insert(s.auditLog).values([
    {
      id: "aud_1",
      connectionId: "alnoor",
      userId: "usr_admin",
      userEmail: "head@alnoor.example",
      at: at("2026-11-03T08:00:00.001Z"),
      action: "users.create",
      targetType: "user",
      targetId: "usr_teacher",
      result: "ok",
      clientAddress: "10.0.0.5",
    },
    {
      id: "aud_2",
      connectionId: "alnoor",
      userId: "usr_teacher",
      at: at("2026-11-03T09:00:00Z"),
      action: "attendance.save",
      targetType: "session",
      targetId: "ses_1",
      result: "ok",
      details: { marks: { stu_1: [null, "present"] }, saves: 3 },
    },
    {
      id: "aud_3",
      connectionId: "alnoor",
      userId: "usr_parent",
      at: at("2026-11-03T10:00:00Z"),
      action: "plans.update",
      result: "denied",
    },
    {
      id: "aud_4",
      connectionId: "alnoor",
      userId: "usr_admin",
      at: at("2026-11-03T11:00:00Z"),
      action: "sessions.create",
      result: "failed",
      details: { code: "halqa_archived", status: 409 },
    },
  ]);
  await db.insert(s.signInPairs).values({
    email: "head@alnoor.example",
    address: "10.0.0.5",
    failures: 0,
    lastFailureAt: at("2026-11-03T07:59:00Z"),
    succeededAt: at("2026-11-03T08:00:00Z"),
  });
  await db.insert(s.progressSettings).values({ connectionId: "alnoor", notHeardDays: 10, updatedBy: "usr_admin" });
  await db.insert(s.planStatusChanges).values({
    connectionId: "alnoor",
    tenantId: "ten_alnoor",
    planId: "pln_1",
    fromStatus: "active",
    toStatus: "completed",
    at: at("2026-11-02T12:00:00Z"),
    seenAt: at("2026-11-02T12:05:00Z"),
  });
  await db
    .insert(s.noticeSettings)
    .values({ connectionId: "alnoor", weeklyDay: 5, weeklyTime: "15:30", updatedBy: "usr_admin" });
  await db.insert(s.noticePreferences).values({ userId: "usr_parent", kind: "weekly", enabled: false });
  await db.insert(s.noticeOutbox).values({
    id: "ntc_1",
    connectionId: "alnoor",
    tenantId: "ten_alnoor",
    kind: "absence",
    idempotencyKey: "absence:att_1",
    recipientUserId: "usr_parent",
    recipientEmail: "parent@alnoor.example",
    locale: "en",
    lineageId: "lin_1",
    subjectRef: "attendance:att_1",
    day: "2026-11-03",
    subject: "Amina was absent",
    textBody: "Amina was absent today.",
    htmlBody: "<p>Amina was absent today.</p>",
    status: "sent",
    attempts: 1,
    sentAt: at("2026-11-03T09:05:00Z"),
  });
  await db.insert(s.noticeRegisters).values({
    connectionId: "alnoor",
    sessionId: "ses_1",
    rowsThrough: at("2026-11-03T09:00:00Z"),
    settledAt: at("2026-11-03T09:04:00Z"),
  });
  await db.insert(s.noticeJobState).values({
    connectionId: "alnoor",
    startedAt: at("2026-11-01T07:00:00Z"),
    lastRunAt: at("2026-11-03T09:05:00Z"),
    lastWeeklyWeek: "2026-10-26",
  });
  await store.close();
  const dump = execFileSync(
    `${POSTGRES_BIN_DIR}/pg_dump`,
    [
      "--inserts",
      "--rows-per-insert=20",
      "--no-owner",
      "--no-privileges",
      "--schema=public",
      "--schema=drizzle",
      "-d",
      cluster.url,
    ],
    { encoding: "utf8" },
  );
  // Loaded as plain SQL into a new database, not through psql: without psql's meta-commands
  // (\restrict), and into the public schema every new database already has.
  process.stdout.write(
    dump.replace(/^\\(un)?restrict .*\n/gm, "").replace("CREATE SCHEMA public;", "CREATE SCHEMA IF NOT EXISTS public;"),
  );
} finally {
  await cluster.stop();
}
