import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Recitation, School, Session, Sheikh, Student } from "@/lib/contract";
import { openDashboardDatabase, type DashboardDatabase } from "@/lib/db/client";
import { sharedVersionGuard } from "@/lib/features/live/server/shared-version-guard";
import {
  openDatabase,
  type Database,
  apiKeys,
  hashKey,
  seedDemo,
  createSchoolApi,
  type SchoolApi,
} from "@/tests/support/school-api/store";
import { DEMO_KEYS, DEMO_TEACHER_SHEIKH_NAME } from "@/school-api/seed-facts";
import { postgresAvailable, startPostgres, type PostgresCluster } from "@/scripts/postgres";

/**
 * What several instances share through PostgreSQL (docs/scaling.md), each with two "instances":
 * two connection pools of their own on one throwaway PostgreSQL 15, as two `next start` processes
 * have. The e2e leg (e2e/scaling/) runs the real thing behind HAProxy.
 */

let cluster: PostgresCluster;
const opened: { close: () => Promise<void> }[] = [];
let apiUrl = "";
let dashboardUrl = "";

async function createDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

async function api(options: Parameters<typeof createSchoolApi>[1] = {}): Promise<SchoolApi & { database: Database }> {
  const database = await openDatabase({ url: apiUrl, poolSize: 4 });
  opened.push(database);
  return createSchoolApi(database, { rateLimitPerMinute: 0, ...options });
}

async function dashboard(url = dashboardUrl): Promise<DashboardDatabase> {
  const database = await openDashboardDatabase({ DATABASE_URL: url, DATABASE_POOL: "4" });
  opened.push(database);
  return database;
}

function call(
  instance: SchoolApi,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return instance.handle(
    new Request(`http://127.0.0.1/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

async function data<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const answered = await response;
  const text = await answered.text();
  expect(answered.status, text).toBe(status);
  return (JSON.parse(text) as { data: T }).data;
}

const ADMIN = DEMO_KEYS.alnoorAdmin;

describe.skipIf(!postgresAvailable())("several instances on one PostgreSQL", () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    [apiUrl, dashboardUrl] = await Promise.all([createDatabase("school_api"), createDatabase("dashboard")]);
    const first = await openDatabase({ url: apiUrl, poolSize: 2 });
    opened.push(first);
    await seedDemo(first.db);
  }, 120_000);

  afterAll(async () => {
    for (const database of opened.reverse()) await database.close().catch(() => undefined);
    await cluster?.stop();
  });

  it("instances starting together migrate one at a time: each migration is applied once", async () => {
    const fresh = await createDatabase("fresh_dashboard");
    const both = await Promise.all([dashboard(fresh), dashboard(fresh), dashboard(fresh)]);
    expect(both.every((database) => database.kind === "postgres")).toBe(true);
    const client = new pg.Client({ connectionString: fresh });
    await client.connect();
    const journal = await client.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
    await client.end();
    expect(new Set(journal.rows.map((row) => row.hash)).size).toBe(journal.rows.length);
  });

  it("a connection the server closes (a restart, a failover) is replaced, and the process lives on", async () => {
    const store = await dashboard();
    await store.db.execute(sql`select 1`);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'dashboard' and pid <> pg_backend_pid()",
    );
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(store.db.execute(sql`select 1 as one`)).resolves.toBeDefined();
  });

  it("the dashboard's store refuses to share the embedded API's database", async () => {
    await expect(
      openDashboardDatabase({
        DATABASE_URL: apiUrl,
        SCHOOL_API_DATABASE_URL: apiUrl.replace("127.0.0.1", "localhost"),
      }),
    ).rejects.toThrow(/same database/);
  });

  it("late-batch guard: an older batch reaching the other instance is dropped; a session's writes never overlap", async () => {
    const [a, b] = [sharedVersionGuard((await dashboard()).db), sharedVersionGuard((await dashboard()).db)];
    const key = `k-${randomUUID()}`;
    const accept = (guard: typeof a, version: number) =>
      guard.exclusive("session-1", (take) => take([{ key, version }]));
    expect(await accept(a, 5)).toEqual([true]);
    expect(await accept(b, 4)).toEqual([false]);
    expect(await accept(b, 5)).toEqual([true]);
    expect(await accept(a, 6)).toEqual([true]);

    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = a.exclusive("session-2", async () => {
      order.push("a starts");
      await held;
      order.push("a ends");
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = b.exclusive("session-2", async () => order.push("b runs"));
    const elsewhere = b.exclusive("session-3", async () => order.push("other session"));
    await elsewhere;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual(["a starts", "other session"]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["a starts", "other session", "a ends", "b runs"]);
  });

  it("a failed write records no version: the retry of the same batch is accepted on the other instance", async () => {
    const [a, b] = [sharedVersionGuard((await dashboard()).db), sharedVersionGuard((await dashboard()).db)];
    const key = `k-${randomUUID()}`;
    await expect(
      a.exclusive("session-4", async (take) => {
        await take([{ key, version: 9 }]);
        throw new Error("the PUT failed");
      }),
    ).rejects.toThrow("the PUT failed");
    expect(await b.exclusive("session-4", (take) => take([{ key, version: 3 }]))).toEqual([true]);
  });

  it("sign-in throttling: parallel guesses on the shared store get the free tries once, not once per instance", async () => {
    // throttle.ts uses this process's one store: pointed at the shared PostgreSQL for this test.
    process.env.DATABASE_URL = dashboardUrl;
    const { dashboardDatabase } = await import("@/lib/db");
    opened.push(await dashboardDatabase());
    delete process.env.DATABASE_URL;
    const { beginSignInAttempt, SIGN_IN_POLICY } = await import("@/lib/auth/throttle");
    const now = new Date();
    const gates = await Promise.all(
      Array.from({ length: 12 }, () => beginSignInAttempt("guessed@example.org", "192.0.2.7", now)),
    );
    expect(gates.filter((gate) => gate.ok)).toHaveLength(SIGN_IN_POLICY.freeFailures);
  });

  it("rate limits: one bucket per key across instances", async () => {
    const [a, b] = [await api({ rateLimitPerMinute: 4 }), await api({ rateLimitPerMinute: 4 })];
    const key = DEMO_KEYS.alnoorReadonly;
    const statuses = [];
    for (const instance of [a, b, a, b, a, b]) statuses.push((await call(instance, key, "GET", "/school")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await call(b, key, "GET", "/school");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("idempotency keys: the same create sent to both instances at once records one recitation", async () => {
    const [a, b] = [await api(), await api()];
    const school = await data<School>(call(a, ADMIN, "GET", "/school"));
    const sheikh = (await data<Sheikh[]>(call(a, ADMIN, "GET", "/sheikhs"))).find(
      (s) => s.name === DEMO_TEACHER_SHEIKH_NAME,
    )!;
    const halqaId = sheikh.halqa_ids[0]!;
    const student = await data<Student>(
      call(a, ADMIN, "POST", "/students", { halqa_id: halqaId, full_name: "Scaling Learner" }),
      201,
    );
    const session = await data<Session>(
      call(a, ADMIN, "POST", "/sessions", { halqa_id: halqaId, sheikh_id: sheikh.id, topic: "scaling" }),
      201,
    );
    const body = {
      student_id: student.id,
      kind: "new_memorization",
      start: { surah: 1, ayah: 1 },
      end: { surah: 1, ayah: 7 },
      rating: school.rating_scale.at(-1)!.value,
    };
    const headers = { "Idempotency-Key": randomUUID() };
    const answers = await Promise.all(
      [a, b, a, b].map((instance) =>
        call(instance, ADMIN, "POST", `/sessions/${session.id}/recitations`, body, headers),
      ),
    );
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const created = new Set(
      await Promise.all(
        answers.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { data: Recitation }).data.id),
      ),
    );
    expect(created.size).toBe(1);
    const listed = await data<Recitation[]>(call(b, ADMIN, "GET", `/sessions/${session.id}/recitations`));
    expect(listed.map((r) => r.id)).toEqual([...created]);
  });

  it("reads: a write through one instance is read through the other at once (no list cache on PostgreSQL)", async () => {
    const [a, b] = [await api(), await api()];
    const sheikh = (await data<Sheikh[]>(call(b, ADMIN, "GET", "/sheikhs"))).find(
      (s) => s.name === DEMO_TEACHER_SHEIKH_NAME,
    )!;
    const halqaId = sheikh.halqa_ids[0]!;
    const before = await data<Student[]>(call(b, ADMIN, "GET", `/students?halqa_id=${halqaId}&limit=100`));
    const created = await data<Student>(
      call(a, ADMIN, "POST", "/students", { halqa_id: halqaId, full_name: "Seen Everywhere" }),
      201,
    );
    const after = await data<Student[]>(call(b, ADMIN, "GET", `/students?halqa_id=${halqaId}&limit=100`));
    expect(after.map((s) => s.id)).toEqual(expect.arrayContaining([...before.map((s) => s.id), created.id]));
  });

  it("cursors: a page made by one instance is continued by the other", async () => {
    const [a, b] = [await api(), await api()];
    const ids: string[] = [];
    let cursor: string | null = null;
    let turn = 0;
    do {
      const response = await call(
        turn++ % 2 === 0 ? a : b,
        ADMIN,
        "GET",
        `/semesters?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(response.status).toBe(200);
      const page = (await response.json()) as { data: { id: string }[]; pagination: { next_cursor: string | null } };
      ids.push(...page.data.map((semester) => semester.id));
      cursor = page.pagination.next_cursor;
    } while (cursor);
    expect(turn).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a revoked key is refused by every instance within the key cache's 2 s", async () => {
    let nowMs = Date.now();
    const [a, b] = [await api({ now: () => new Date(nowMs) }), await api({ now: () => new Date(nowMs) })];
    const key = DEMO_KEYS.alnoorLegacy;
    expect((await call(b, key, "GET", "/school")).status).toBe(200);
    await a.database.db
      .update(apiKeys)
      .set({ revokedAt: new Date(nowMs) })
      .where(eq(apiKeys.keyHash, hashKey(key)));
    nowMs += 2_001;
    expect((await call(b, key, "GET", "/school")).status).toBe(401);
  });
});
