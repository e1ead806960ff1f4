/**
 * Backup and restore on real PGlite and real PostgreSQL: every backed-up table filled, backed up,
 * wiped, restored and compared row by row; a cut file, another product's file, a newer schema's file
 * refused with the store unchanged; a PGlite folder held by a process refused.
 */
import { execFile } from "node:child_process";
import { chmod, chown, lstat, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postgresAvailable, startPostgres } from "@/scripts/postgres";
import { openDashboardDatabase, type DashboardDatabase } from "../client";
import * as schema from "../schema";
import { openStoreAt } from "@/tests/support/db/memory-store";
import { BACKED_UP, BackupError, LEFT_OUT, backupKey, backupStore, checkBackup, restoreStore } from ".";
import { requireStoreAlone } from "../store-alone";
import { commandLineMessage } from "@/lib/security/log-safe";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "halqa-backup-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));
/** This deployment's key; a file rewritten by a test is restored as its person would, with --accept-unsigned. */
const KEY = backupKey("this deployment's secret, long enough");
const TRUST = { key: KEY };
const EDITED = { key: KEY, acceptUnsigned: true };
const fileNamed = (name: string) => path.join(folder, `${name}-${Math.random().toString(36).slice(2)}.jsonl.gz`);

type Engine = { name: string; open: () => Promise<DashboardDatabase & { stop: () => Promise<void> }> };
const engines: Engine[] = [
  { name: "PGlite", open: async () => ({ ...(await openStoreAt("memory://")), stop: async () => undefined }) },
  ...(postgresAvailable()
    ? [
        {
          name: "PostgreSQL",
          open: async () => {
            const cluster = await startPostgres();
            const store = await openDashboardDatabase({ DATABASE_URL: cluster.url, DATABASE_POOL: "3" });
            return { ...store, stop: async () => (await store.close(), await cluster.stop()) };
          },
        },
      ]
    : []),
];

const at = (text: string) => new Date(text);

/** A row in every backed-up table (and one in a rebuilt table), with text in two scripts, jsonb, nulls and milliseconds. */
async function fill(store: DashboardDatabase, auditRows = 3): Promise<void> {
  const { db } = store;
  await db
    .insert(schema.connections)
    .values([{ id: "alnoor", label: "مدرسة النور", tenantId: "ten_1", checkedAt: at("2026-03-01T10:00:00.123Z") }]);
  await db.insert(schema.users).values([
    {
      id: "usr_a",
      connectionId: "alnoor",
      email: "head@school.org",
      name: "Head 'Teacher'",
      role: "admin",
      passwordHash: "scrypt$x",
      locale: "ar",
      sessionVersion: 3,
    },
    {
      id: "usr_p",
      connectionId: "alnoor",
      email: "parent@school.org",
      name: "والد",
      role: "parent",
      passwordHash: null,
      disabledAt: at("2026-04-02T00:00:00.001Z"),
    },
  ]);
  await db
    .insert(schema.userLinks)
    .values({ userId: "usr_p", kind: "student_lineage", refId: "lin_1", label: "Child" });
  await db.insert(schema.auditLog).values(
    Array.from({ length: auditRows }, (_, i) => ({
      id: `aud_${i}`,
      connectionId: "alnoor",
      userId: "usr_a",
      action: "users.create",
      result: "ok" as const,
      details: { changes: { role: [null, "parent"] }, n: i },
      clientAddress: "10.0.0.1",
    })),
  );
  await db.insert(schema.progressSettings).values({ connectionId: "alnoor", notHeardDays: 9, updatedBy: "usr_a" });
  await db.insert(schema.planStatusChanges).values({
    connectionId: "alnoor",
    tenantId: "ten_1",
    planId: "pln_1",
    fromStatus: "active",
    toStatus: "completed",
    at: at("2026-05-01T08:00:00.5Z"),
    seenAt: at("2026-05-01T08:01:00Z"),
  });
  await db
    .insert(schema.noticeSettings)
    .values({ connectionId: "alnoor", weeklyOn: false, weeklyDay: 5, weeklyTime: "17:30" });
  await db
    .insert(schema.schoolLanguageSettings)
    .values({ connectionId: "alnoor", defaultLocale: "ur", numerals: "native", calendars: "hijri-first" });
  await db.insert(schema.halqaTimetable).values({
    connectionId: "alnoor",
    halqaId: "hlq_1",
    semesterId: "sem_1",
    weekdays: [1, 3, 5],
    startsAt: "16:00",
    endsAt: "17:30",
    updatedBy: "usr_a",
  });
  await db.insert(schema.reportCardComments).values({
    connectionId: "alnoor",
    semesterId: "sem_1",
    studentId: "stu_1",
    body: "أحسن في الحفظ\nline two",
    updatedBy: "usr_a",
  });
  await db.insert(schema.noticePreferences).values({ userId: "usr_p", kind: "weekly", enabled: false });
  await db.insert(schema.noticeOutbox).values({
    id: "ntc_1",
    connectionId: "alnoor",
    tenantId: "ten_1",
    kind: "absence",
    idempotencyKey: "k1",
    recipientUserId: "usr_p",
    recipientEmail: "parent@school.org",
    locale: "ar",
    lineageId: "lin_1",
    subjectRef: "attendance:att_1",
    day: "2026-05-01",
    subject: "غياب",
    textBody: "text",
    htmlBody: "<p>html</p>",
    status: "sent",
    attempts: 1,
    sentAt: at("2026-05-01T09:00:00Z"),
  });
  await db.insert(schema.noticeRegisters).values({
    connectionId: "alnoor",
    sessionId: "ses_1",
    rowsThrough: at("2026-05-01T08:00:00Z"),
    settledAt: at("2026-05-01T08:30:00Z"),
  });
  await db
    .insert(schema.noticeJobState)
    .values({ connectionId: "alnoor", lastWeeklyWeek: "2026-04-27", lastRunAt: at("2026-05-01T09:00:00Z") });
  await db.insert(schema.excuseRequests).values({
    id: "exc_1",
    connectionId: "alnoor",
    tenantId: "ten_1",
    parentUserId: "usr_p",
    lineageId: "lin_1",
    childName: "Child",
    day: "2026-05-03",
    reason: "سفر\nline two",
    createdDay: "2026-05-01",
  });
  await db.insert(schema.notebookSettings).values({
    connectionId: "alnoor",
    mistakeTypes: [{ id: "tajweed", names: { en: "Tajweed", ar: "تجويد" } }],
    ratingThresholds: [0, 3],
    recentPages: 4,
    cycleDays: 21,
    updatedBy: "usr_a",
  });
  await db.insert(schema.recitationMistakes).values({
    connectionId: "alnoor",
    tenantId: "ten_1",
    recitationId: "rec_1",
    seq: 0,
    sessionId: "ses_1",
    studentId: "stu_1",
    type: "tajweed",
    surah: 67,
    ayah: 4,
    recordedAt: at("2026-05-01T08:10:00.5Z"),
    recordedBy: "usr_a",
  });
  await db.insert(schema.syncedPlans).values({
    connectionId: "alnoor",
    id: "pln_1",
    tenantId: "ten_1",
    studentId: "stu_1",
    status: "completed",
    updatedAt: at("2026-05-01T08:00:00.5Z"),
    data: {} as never,
    syncedAt: at("2026-05-01T08:01:00Z"),
  });
}

/** Every row of the backed-up tables and of one rebuilt table, as PostgreSQL sees them, in a stable order. */
async function contents(store: DashboardDatabase): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of [...BACKED_UP, "synced_plans"]) {
    const { rows } = (await store.db.execute(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t`,
    )) as unknown as { rows: { row: string }[] };
    all[table] = rows.map((r) => r.row).sort();
  }
  return all;
}

const wipe = (store: DashboardDatabase) =>
  store.db.execute(
    sql`truncate ${sql.join(
      BACKED_UP.map((t) => sql.identifier(t)),
      sql`, `,
    )}`,
  );

describe.each(engines)("backup and restore on $name", ({ open }) => {
  let store: DashboardDatabase & { stop: () => Promise<void> };
  let filled: Record<string, string[]>;
  let good: string;
  beforeAll(async () => {
    store = await open();
    await fill(store);
    filled = await contents(store);
    good = fileNamed("good");
    await backupStore(store, good, KEY);
  });
  afterAll(() => store?.stop());

  it("restores every row of every backed-up table after a wipe, and new rows can be added", async () => {
    for (const table of BACKED_UP) expect(filled[table]!.length, table).toBeGreaterThan(0);
    expect((await stat(good)).mode & 0o777).toBe(0o600);
    await wipe(store);
    await store.db.insert(schema.connections).values({ id: "other", label: "Not in the backup" });
    await store.db.insert(schema.users).values({
      id: "usr_new",
      connectionId: "other",
      email: "new@school.org",
      name: "Not in the backup",
      role: "teacher",
    });
    const header = await restoreStore(store, good, TRUST);
    expect(await contents(store)).toEqual(filled);
    expect(header.tables.find((t) => t.name === "audit_log")?.rows).toBe(3);
    await store.db
      .insert(schema.auditLog)
      .values({ id: "aud_after", connectionId: "alnoor", action: "x", result: "ok" });
    await store.db.delete(schema.auditLog).where(sql`id = 'aud_after'`);
  });

  it("writes a new file readable by its owner only, whatever had its .partial name (a file open to all, a link)", async () => {
    const opened = fileNamed("opened");
    await writeFile(`${opened}.partial`, "left by someone");
    await chmod(`${opened}.partial`, 0o666);
    await backupStore(store, opened, KEY);
    expect((await stat(opened)).mode & 0o777).toBe(0o600);
    const linked = fileNamed("linked");
    const elsewhere = fileNamed("elsewhere");
    await writeFile(elsewhere, "not to be written");
    await symlink(elsewhere, `${linked}.partial`);
    await backupStore(store, linked, KEY);
    expect(await readFile(elsewhere, "utf8")).toBe("not to be written");
    expect((await lstat(linked)).isFile()).toBe(true);
    expect((await stat(linked)).mode & 0o777).toBe(0o600);
  });

  it("refuses a file edited since it was made, or another deployment's, or unsigned, writing nothing; --accept-unsigned restores it and the audit log says so", async () => {
    const lines = gunzipSync(await readFile(good))
      .toString("utf8")
      .split("\n");
    const edited = fileNamed("edited");
    // A parent made an admin by hand.
    await writeFile(
      edited,
      gzipSync(
        lines
          .map((line) => (line.includes('"id":"usr_p"') ? line.replace('"role":"parent"', '"role":"admin"') : line))
          .join("\n"),
      ),
    );
    const unsigned = fileNamed("unsigned");
    await writeFile(unsigned, gzipSync(lines.filter((line) => !line.startsWith('{"signature"')).join("\n")));
    const before = await contents(store);
    const changed = /was not made by this deployment, or was changed since it was made.*--accept-unsigned/;
    await expect(restoreStore(store, edited, TRUST)).rejects.toThrow(changed);
    await expect(checkBackup(edited, TRUST)).rejects.toThrow(changed);
    await expect(restoreStore(store, good, { key: backupKey("another deployment's secret") })).rejects.toThrow(changed);
    await expect(restoreStore(store, unsigned, TRUST)).rejects.toThrow(/is not signed.*--accept-unsigned/);
    expect(await contents(store)).toEqual(before);
    expect((await checkBackup(good, TRUST)).signature).toBe("valid");

    expect((await restoreStore(store, edited, EDITED)).signature).toBe("invalid");
    const [parent] = await store.db
      .select()
      .from(schema.users)
      .where(sql`id = 'usr_p'`);
    expect(parent!.role).toBe("admin");
    const recorded = await store.db
      .select()
      .from(schema.auditLog)
      .where(sql`action = 'backup.restore_unsigned'`);
    const schools = await store.db.select().from(schema.connections);
    expect(recorded.map((row) => row.connectionId).sort()).toEqual(schools.map((school) => school.id).sort());
    expect(recorded[0]!.details).toMatchObject({ signature: "invalid", accepted: "--accept-unsigned" });
    await restoreStore(store, good, TRUST);
  });

  it("refuses, even accepted unsigned, a file without a table the store had (its audit log), or with a value a column may not hold", async () => {
    const lines = gunzipSync(await readFile(good))
      .toString("utf8")
      .split("\n");
    const header = JSON.parse(lines[0]!) as { tables: { name: string }[] };
    const withoutAudit = fileNamed("no-audit");
    await writeFile(
      withoutAudit,
      gzipSync(
        [
          JSON.stringify({ ...header, tables: header.tables.filter((table) => table.name !== "audit_log") }),
          ...lines.slice(1).filter((line) => !line.startsWith('{"table":"audit_log"')),
        ].join("\n"),
      ),
    );
    const superadmin = fileNamed("superadmin");
    await writeFile(
      superadmin,
      gzipSync(
        lines
          .map((line) => (line.includes('"id":"usr_a"') ? line.replace('"role":"admin"', '"role":"superadmin"') : line))
          .join("\n"),
      ),
    );
    const before = await contents(store);
    await expect(restoreStore(store, withoutAudit, EDITED)).rejects.toThrow(/has no audit_log, which the store had/);
    await expect(restoreStore(store, superadmin, EDITED)).rejects.toThrow(
      /a users row whose role is not one of admin, teacher, parent: nothing was restored/,
    );
    expect(await contents(store)).toEqual(before);
  });

  it("restores into a new store, where the rebuilt tables stay empty", async () => {
    const fresh = await openStoreAt("memory://");
    await restoreStore(fresh, good, TRUST);
    expect(await contents(fresh)).toEqual({ ...filled, synced_plans: [] });
    await fresh.close();
  });

  it("refuses a cut file, another product's, a newer schema's, and changes nothing", async () => {
    const bytes = await readFile(good);
    const lines = gunzipSync(bytes).toString("utf8").split("\n");
    const header = JSON.parse(lines[0]!);
    const write = async (name: string, content: Buffer) => (await writeFile((name = fileNamed(name)), content), name);
    const refusals: [string, RegExp][] = [
      [await write("cut", bytes.subarray(0, Math.floor(bytes.length * 0.6))), /ends too early|cut short/],
      [await write("lines", gzipSync(lines.slice(0, -3).join("\n") + "\n")), /incomplete: .* rows/],
      [
        await write("other", gzipSync(`${JSON.stringify({ ...header, product: "other-app" })}\n`)),
        /not a backup of the halqa-dashboard \(it says it is from "other-app"\)/,
      ],
      [await write("plain", Buffer.from("-- PostgreSQL database dump\n")), /not a gzip'd backup/],
      [
        await write(
          "newer",
          gzipSync(
            [
              JSON.stringify({ ...header, migration: { tag: "0099_future", hash: "f".repeat(64), createdAt: 1 } }),
              ...lines.slice(1),
            ].join("\n"),
          ),
        ),
        /newer schema \(migration 0099_future\)/,
      ],
    ];
    await store.db
      .insert(schema.auditLog)
      .values({ id: "aud_later", connectionId: "alnoor", action: "after the backup", result: "ok" });
    const before = await contents(store);
    for (const [file, message] of refusals) {
      const refusal = await restoreStore(store, file, EDITED).catch((error: unknown) => error);
      expect(refusal, file).toBeInstanceOf(BackupError);
      expect((refusal as Error).message).toMatch(message);
      expect(await contents(store)).toEqual(before);
    }
  });
  it("refuses a row the store cannot take, writes nothing, and the command line prints none of the rows", async () => {
    const lines = gunzipSync(await readFile(good))
      .toString("utf8")
      .split("\n");
    const users = lines
      .filter((line) => line.startsWith('{"table":"users"'))
      .map((line) => (JSON.parse(line) as { row: Record<string, string | null> }).row);
    expect(users.length).toBeGreaterThan(1);
    const damaged = lines.map((line) =>
      line.startsWith('{"table":"users"') ? line.replace(/"updated_at":"[^"]*"/, '"updated_at":"not-a-date"') : line,
    );
    const file = fileNamed("not-a-date");
    await writeFile(file, gzipSync(damaged.join("\n")));
    const before = await contents(store);
    const refusal = await restoreStore(store, file, EDITED).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Error);
    expect(await contents(store)).toEqual(before);
    const said = commandLineMessage(refusal);
    expect(said).toMatch(/the database refused it/);
    for (const user of users)
      for (const value of [user.email, user.name, user.password_hash]) if (value) expect(said).not.toContain(value);
  });
});

describe("a backup of another schema; what a backup holds", () => {
  let store: DashboardDatabase;
  beforeAll(async () => {
    store = await openStoreAt("memory://");
  });
  afterAll(() => store?.close());

  it("restores without a column the store added since (its default is used), and refuses a column the store no longer has", async () => {
    await fill(store);
    const file = fileNamed("columns");
    await backupStore(store, file, KEY);
    const [first, ...rest] = gunzipSync(await readFile(file))
      .toString("utf8")
      .split("\n");
    const header = JSON.parse(first!) as { tables: { name: string; columns: string[] }[] };
    const rewrite = async (
      name: string,
      table: string,
      columns: (columns: string[]) => string[],
      row: (row: Record<string, unknown>) => Record<string, unknown>,
    ) => {
      const tables = header.tables.map((t) => (t.name === table ? { ...t, columns: columns(t.columns) } : t));
      const lines = rest.map((line) =>
        line.startsWith(`{"table":"${table}"`) ? JSON.stringify({ table, row: row(JSON.parse(line).row) }) : line,
      );
      const rewritten = fileNamed(name);
      await writeFile(rewritten, gzipSync([JSON.stringify({ ...header, tables }), ...lines].join("\n")));
      return rewritten;
    };
    const older = await rewrite(
      "older",
      "users",
      (c) => c.filter((n) => n !== "session_version"),
      (row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== "session_version")),
    );
    await restoreStore(store, older, EDITED);
    const users = await store.db
      .select({ id: schema.users.id, sessionVersion: schema.users.sessionVersion })
      .from(schema.users)
      .orderBy(schema.users.id);
    expect(users).toEqual([
      { id: "usr_a", sessionVersion: 1 },
      { id: "usr_p", sessionVersion: 1 },
    ]);
    const gone = await rewrite(
      "gone",
      "users",
      (c) => [...c, "nickname"],
      (row) => ({ ...row, nickname: "x" }),
    );
    await expect(restoreStore(store, gone, EDITED)).rejects.toThrow(
      /holds columns of users \(nickname\) that this store does not have/,
    );
  });

  it("names every table of the store as backed up or left out (with why), and no table uses a sequence", async () => {
    const { rows } = (await store.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { table_name: string }[] };
    const { rows: sequences } = (await store.db.execute(
      sql`select sequence_name from information_schema.sequences where sequence_schema = 'public'`,
    )) as unknown as { rows: unknown[] };
    expect([...BACKED_UP, ...Object.keys(LEFT_OUT)].sort()).toEqual(rows.map((r) => r.table_name).sort());
    // A serial or identity column would need its sequence moved past the restored rows.
    expect(sequences).toEqual([]);
  });
});

describe.skipIf(!postgresAvailable())("a backup while a server writes to PostgreSQL", () => {
  it("is one moment of the store: of each write made meanwhile (a user and its audit line), both are in it or neither", async () => {
    const cluster = await startPostgres();
    const store = await openDashboardDatabase({ DATABASE_URL: cluster.url, DATABASE_POOL: "3" });
    try {
      await fill(store);
      // Many users, so that a while passes between reading the users and reading the audit log.
      const many = Array.from({ length: 3000 }, (_, i) => ({
        id: `usr_m${i}`,
        connectionId: "alnoor",
        email: `m${i}@school.org`,
        name: `Member ${i}`,
        role: "teacher" as const,
      }));
      await store.db.insert(schema.users).values(many);
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing) {
          const n = written++;
          await store.db.transaction(async (tx) => {
            await tx.insert(schema.users).values({
              id: `usr_w${n}`,
              connectionId: "alnoor",
              email: `w${n}@school.org`,
              name: "Meanwhile",
              role: "teacher",
            });
            await tx.insert(schema.auditLog).values({
              id: `aud_w${n}`,
              connectionId: "alnoor",
              userId: `usr_w${n}`,
              action: "users.create",
              result: "ok",
            });
          });
        }
      })();
      const file = fileNamed("live");
      await backupStore(store, file, KEY).finally(() => (writing = false));
      await writer;
      expect(written).toBeGreaterThan(0);
      const rows = gunzipSync(await readFile(file))
        .toString("utf8")
        .split("\n")
        .slice(1, -1)
        .map((line) => JSON.parse(line) as { table: string; row: { id: string } });
      const meanwhile = (table: string, prefix: string) =>
        rows.filter((line) => line.table === table && line.row.id.startsWith(prefix)).length;
      expect(meanwhile("audit_log", "aud_w")).toBe(meanwhile("users", "usr_w"));
      const fresh = await openStoreAt("memory://");
      await restoreStore(fresh, file, TRUST);
      await fresh.close();
    } finally {
      await store.close();
      await cluster.stop();
    }
  });
});

describe.skipIf(process.platform !== "linux")("a PGlite folder held by a process", () => {
  it("is refused with what to do, and opened once the process let go of it", async () => {
    const dir = path.join(folder, "held");
    const server = await openStoreAt(dir);
    const env = { DASHBOARD_DATA_DIR: dir };
    await expect(requireStoreAlone("backup", env)).rejects.toThrow(
      new RegExp(`open in process ${process.pid} .*stop the server.*DATABASE_URL`),
    );
    // Every command that opens the store, with what to do instead; the command line itself says so and stops.
    await expect(requireStoreAlone("send-weekly-summaries", env)).rejects.toThrow(/Messages page.*DATABASE_URL/);
    await expect(requireStoreAlone("create-admin", env)).rejects.toThrow(/stop the server, create the admin/);
    const command = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        ["--import", "tsx", "--conditions=react-server", "scripts/dashboard.ts", "send-weekly-summaries", "--now"],
        { env: { ...process.env, DASHBOARD_DATA_DIR: dir, SCHOOL_API_URL: "" }, cwd: process.cwd() },
        (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
      ),
    );
    expect(command.code).toBe(1);
    expect(command.stderr).toMatch(new RegExp(`open in process ${process.pid} .*Messages page`));
    await server.close();
    expect(await requireStoreAlone("backup", env)).toEqual({ checked: true });
    await expect(requireStoreAlone("backup", { DASHBOARD_DATA_DIR: path.join(folder, "none") })).rejects.toThrow(
      /no dashboard store in/,
    );
  }, 60_000);

  it.skipIf(process.getuid?.() !== 0)(
    "is refused to another user than its owner (root here), who would leave files the server cannot write",
    async () => {
      const dir = path.join(folder, "theirs");
      await mkdir(dir);
      await chown(dir, 65534, 65534);
      await expect(requireStoreAlone("restore", { DASHBOARD_DATA_DIR: dir })).rejects.toThrow(
        /belongs to user id 65534: run the restore as that user/,
      );
    },
  );
});
