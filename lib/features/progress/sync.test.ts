import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "@/lib/contract";
import { openMemoryStore } from "@/tests/support/db/memory-store";
import { progressSyncState } from "@/lib/db/schema-progress";
import type { DashboardDb } from "@/lib/db/client";
import { addDays } from "@/lib/dates";
import type { SyncClient } from "@/lib/features/sync/traverse";
import { startEmbeddedSchool, type EmbeddedSchool } from "@/tests/support/school-api/embedded-school";
import type { V1Client } from "@/lib/v1";
import { halqaHistories, halqaHistory, progressFreshness, studentHistory } from "./read-model";
import { acquireLease, RELEASED, writeIfOwned } from "@/lib/jobs/lease";
import { syncProgress, syncProgressAfterNow } from "./sync";
import {
  apiProgressSnapshot,
  storeProgressSnapshot,
  type ProgressSnapshot,
} from "@/tests/support/features/progress/snapshot";
import { DEMO_KEYS } from "@/school-api/seed-facts";

let school: EmbeddedSchool;
let store: Awaited<ReturnType<typeof openMemoryStore>>;
let db: DashboardDb;
let alnoor: V1Client;
let tenantId: string;

beforeAll(async () => {
  school = await startEmbeddedSchool();
  store = await openMemoryStore();
  db = store.db;
  alnoor = school.client(DEMO_KEYS.alnoorAdmin);
  tenantId = (await alnoor.call("getSchool")).id;
}, 120_000);

afterAll(async () => {
  await store?.close();
  await school?.close();
});

async function expectStoreEqualsApi(connectionId: string, api?: ProgressSnapshot) {
  const expected = api ?? (await apiProgressSnapshot(alnoor));
  const actual = await storeProgressSnapshot(db, connectionId);
  for (const kind of ["sessions", "attendance", "recitations", "students"] as const) {
    expect([...actual[kind].keys()].sort(), kind).toEqual([...expected[kind].keys()].sort());
    for (const [id, record] of expected[kind]) expect(actual[kind].get(id), `${kind} ${id}`).toEqual(record);
  }
}

/** Counts calls by operation; fails like a crash after `limit` calls of `operation`. */
function counting(client: V1Client, crash?: { operation: string; limit: number }) {
  const calls = new Map<string, number>();
  const call = ((name: string, ...args: unknown[]) => {
    const n = (calls.get(name) ?? 0) + 1;
    calls.set(name, n);
    if (crash && name === crash.operation && n > crash.limit)
      return Promise.reject(new Error(`simulated crash after ${crash.limit} ${name} calls`));
    return (client.call as (name: string, ...rest: unknown[]) => Promise<unknown>)(name, ...args);
  }) as SyncClient["call"];
  return { client: { call } satisfies SyncClient, calls };
}

const sessionsOf = (api: ProgressSnapshot) => [...api.sessions.values()];

describe("syncProgress against the embedded API (real HTTP)", { timeout: 120_000 }, () => {
  let api: ProgressSnapshot;

  it("a full cycle stores every session, attendance row, recitation and student record for record", async () => {
    const { client, calls } = counting(alnoor);
    const result = await syncProgress("alnoor", { db, client, pageSize: 20 });
    expect(result.status).toBe("completed");
    if (result.status !== "completed") return;
    expect(result.mode).toBe("full");
    api = await apiProgressSnapshot(alnoor);
    await expectStoreEqualsApi("alnoor", api);
    // Each session's attendance and recitations once (one page each for a class), nothing more.
    expect(calls.get("listAttendance")).toBe(api.sessions.size);
    expect(calls.get("listSessionRecitations")).toBe(api.sessions.size);
    expect(calls.get("listSessions")).toBe(Math.ceil(api.sessions.size / 20));
    const freshness = await progressFreshness({ connectionId: "alnoor", tenantId }, db);
    expect(freshness.running).toBe(false);
    expect(freshness.lastCompletedAt).not.toBeNull();
  });

  it("an incremental cycle reads only changed, open and recent sessions, and catches writes made elsewhere", async () => {
    const sessions = sessionsOf(api);
    const open = sessions.find((s) => s.status === "open")!;
    const students = [...api.students.values()].filter((s) => s.halqa_id === open.halqa_id && s.status === "active");
    const student = students[0]!;
    // Made by another system: a mark and a recitation in today's open session, and a new session.
    await alnoor.call("upsertAttendance", {
      params: { id: open.id },
      body: { rows: [{ student_id: student.id, status: "late", late_minutes: 7, note: null }] },
    });
    await alnoor.call("createRecitation", {
      params: { id: open.id },
      body: {
        student_id: student.id,
        kind: "old_revision",
        start: { surah: 67, ayah: 1 },
        end: { surah: 67, ayah: 30 },
        rating: 4,
        mistakes: 1,
        note: null,
      },
    });
    const created = await alnoor.call("createSession", {
      body: { halqa_id: open.halqa_id, sheikh_id: open.sheikh_id },
    });

    const { client, calls } = counting(alnoor);
    const result = await syncProgress("alnoor", { db, client });
    expect(result.status).toBe("completed");
    if (result.status !== "completed") return;
    expect(result.mode).toBe("incremental");
    const now = await apiProgressSnapshot(alnoor);
    await expectStoreEqualsApi("alnoor", now);
    // Bounded: the new session and the sessions open or dated in the last 3 school days, not every session.
    const today = open.date;
    const recent = [...now.sessions.values()].filter((s) => s.status === "open" || s.date >= addDays(today, -3));
    expect(recent.some((s) => s.id === created.id)).toBe(true);
    expect(calls.get("listAttendance")).toBe(recent.length);
    expect(calls.get("listAttendance")!).toBeLessThan(now.sessions.size / 2);
    api = now;
  });

  it("an old session's correction waits for the next full pass, which finds it", async () => {
    const active = (studentId: string) => api.students.get(studentId)?.status === "active";
    const marked = sessionsOf(api).filter(
      (s) =>
        s.status === "ended" && [...api.attendance.values()].some((r) => r.session_id === s.id && active(r.student_id)),
    );
    const old = marked.sort((a, b) => a.date.localeCompare(b.date))[0]!;
    const row = [...api.attendance.values()].find((r) => r.session_id === old.id && active(r.student_id))!;
    await alnoor.call("upsertAttendance", {
      params: { id: old.id },
      body: {
        rows: [
          {
            student_id: row.student_id,
            status: row.status === "absent" ? "present" : "absent",
            late_minutes: null,
            note: null,
          },
        ],
      },
    });

    expect((await syncProgress("alnoor", { db, client: alnoor })).status).toBe("completed");
    expect((await storeProgressSnapshot(db, "alnoor")).attendance.get(row.id)).toEqual(row);

    const full = await syncProgress("alnoor", { db, client: alnoor, fullEveryMs: 0 });
    expect(full.status === "completed" && full.mode).toBe("full");
    api = await apiProgressSnapshot(alnoor);
    await expectStoreEqualsApi("alnoor", api);
    expect(api.attendance.get(row.id)?.status).not.toBe(row.status);
  });

  it("against an API that ignores updated_after, an incremental cycle still reads rows only of changed, open and recent sessions", async () => {
    const ignoring = counting(alnoor);
    const call = ((name: string, args?: { query?: Record<string, unknown> }) => {
      const query = Object.fromEntries(Object.entries(args?.query ?? {}).filter(([name]) => name !== "updated_after"));
      return (ignoring.client.call as (name: string, args?: unknown) => Promise<unknown>)(
        name,
        args ? { ...args, query } : args,
      );
    }) as SyncClient["call"];
    const result = await syncProgress("alnoor", { db, client: { call } });
    expect(result.status === "completed" && result.mode).toBe("incremental");
    const sessions = sessionsOf(api);
    const today = sessions.find((s) => s.status === "open")!.date;
    const recent = sessions.filter((s) => s.status === "open" || s.date >= addDays(today, -3));
    // Every session listed (the filter was ignored), but rows read only where they can have changed.
    expect(result.status === "completed" && result.cycle.sessions).toBe(api.sessions.size);
    expect(ignoring.calls.get("listAttendance")).toBe(recent.length);
    await expectStoreEqualsApi("alnoor", api);
  });

  it("a cycle that crashes resumes from its committed cursor and ends equal to the API", async () => {
    const crash = counting(alnoor, { operation: "listSessions", limit: 2 });
    await expect(syncProgress("fresh", { db, client: crash.client, pageSize: 10 })).rejects.toThrow(/simulated crash/);
    const [state] = await db.select().from(progressSyncState).where(eq(progressSyncState.connectionId, "fresh"));
    expect(state?.cycleCursor).not.toBeNull();
    expect(state?.lastError?.kind).toBe("failed");
    expect((await progressFreshness({ connectionId: "fresh" }, db)).lastCompletedAt).toBeNull();

    const { client, calls } = counting(alnoor);
    const result = await syncProgress("fresh", { db, client, pageSize: 10 });
    expect(result.status === "completed" && result.resumed).toBe(true);
    // The two committed pages are not read again.
    expect(calls.get("listSessions")).toBe(Math.ceil(api.sessions.size / 10) - 2);
    const actual = await storeProgressSnapshot(db, "fresh");
    expect([...actual.sessions.keys()].sort()).toEqual([...api.sessions.keys()].sort());
    expect(actual.attendance.size).toBe(api.attendance.size);
    expect(actual.recitations.size).toBe(api.recitations.size);
  });

  it("one run at a time per connection: a second run while the lease is held is busy", async () => {
    const [first, second] = await Promise.all([
      syncProgress("alnoor", { db, client: alnoor }),
      syncProgress("alnoor", { db, client: alnoor }),
    ]);
    expect([first.status, second.status].sort()).toEqual(["busy", "completed"]);
  });

  it("a cycle asked for after a write reads it: a cycle already running is waited for, then one of its own begins", async () => {
    // Another instance's cycle holds the lease: it may have read today's session before this mark.
    expect(await acquireLease(db, progressSyncState, "alnoor", "elsewhere", 60_000)).not.toBeNull();
    const open = sessionsOf(api).find((s) => s.status === "open")!;
    const student = [...api.students.values()].find((s) => s.halqa_id === open.halqa_id && s.status === "active")!;
    await alnoor.call("upsertAttendance", {
      params: { id: open.id },
      body: { rows: [{ student_id: student.id, status: "absent", late_minutes: null, note: null }] },
    });
    expect((await syncProgress("alnoor", { db, client: alnoor })).status).toBe("busy");

    const asked = syncProgressAfterNow("alnoor", { db, client: alnoor }, { waitMs: 30_000, pollMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeIfOwned(db, progressSyncState, "alnoor", "elsewhere", RELEASED);
    const result = await asked;
    expect(result).toMatchObject({ status: "completed", resumed: false });
    api = await apiProgressSnapshot(alnoor);
    await expectStoreEqualsApi("alnoor", api);
    expect(
      [...api.attendance.values()].some(
        (row) => row.session_id === open.id && row.student_id === student.id && row.status === "absent",
      ),
    ).toBe(true);
  });

  it("a cycle asked for after a write gives up waiting after its bound, and says it was busy", async () => {
    expect(await acquireLease(db, progressSyncState, "alnoor", "stuck", 60_000)).not.toBeNull();
    try {
      const started = Date.now();
      expect(await syncProgressAfterNow("alnoor", { db, client: alnoor }, { waitMs: 400, pollMs: 50 })).toMatchObject({
        status: "busy",
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    } finally {
      await writeIfOwned(db, progressSyncState, "alnoor", "stuck", RELEASED);
    }
  });

  it("a key without recitations:read is denied calmly and recorded, nothing thrown", async () => {
    const key = await school.admin<{ key: string }>("create-api-key", {
      schoolId: tenantId,
      name: "no recitations",
      scopes: ["school:read", "students:read", "sessions:read", "attendance:read"],
    });
    const result = await syncProgress("narrow", { db, client: school.client(key.key) });
    expect(result.status).toBe("denied");
    if (result.status !== "denied") return;
    expect(result.problem.code).toBe("insufficient_scope");
    expect(result.problem.requiredScope).toBe("recitations:read");
    const [state] = await db.select().from(progressSyncState).where(eq(progressSyncState.connectionId, "narrow"));
    expect(state?.lastError?.code).toBe("insufficient_scope");
    expect(state?.cycleId).toBeNull();
    expect(state?.leaseOwner).toBeNull();
  });

  it("a key that now answers for another school is refused; the mirror keeps its records", async () => {
    const result = await syncProgress("alnoor", { db, client: school.client(DEMO_KEYS.arqamAdmin) });
    expect(result.status === "denied" && result.problem.code).toBe("tenant_mismatch");
    expect((await storeProgressSnapshot(db, "alnoor")).sessions.size).toBe(api.sessions.size);
  });
});

describe("the read model's queries agree with the API's records", { timeout: 60_000 }, () => {
  it("halqaHistory: a halqa's sessions in a date range, their rows and recitations", async () => {
    const api = await apiProgressSnapshot(alnoor);
    const sessions = [...api.sessions.values()];
    const halqaId = sessions[0]!.halqa_id;
    const dates = sessions
      .filter((s) => s.halqa_id === halqaId)
      .map((s) => s.date)
      .sort();
    const from = dates[2]!;
    const to = dates.at(-3)!;
    const history = await halqaHistory({ connectionId: "alnoor", tenantId }, halqaId, { from, to }, db);
    const expected = sessions.filter((s) => s.halqa_id === halqaId && s.date >= from && s.date <= to);
    expect(history.sessions.map((s) => s.id).sort()).toEqual(expected.map((s) => s.id).sort());
    expect(history.sessions.map((s) => s.date)).toEqual([...history.sessions.map((s) => s.date)].sort());
    const ids = new Set(expected.map((s) => s.id));
    expect(history.attendance.map((r) => r.id).sort()).toEqual(
      [...api.attendance.values()]
        .filter((r) => ids.has(r.session_id))
        .map((r) => r.id)
        .sort(),
    );
    expect(history.recitations.map((r) => r.id).sort()).toEqual(
      [...api.recitations.values()]
        .filter((r) => ids.has(r.session_id))
        .map((r) => r.id)
        .sort(),
    );
    // Another school's tenant sees nothing of this connection.
    expect(
      (await halqaHistory({ connectionId: "alnoor", tenantId: "other" }, halqaId, { from, to }, db)).sessions,
    ).toEqual([]);
  });

  it("halqaHistories: several halqas read at once are each the halqa's own history, in the same order", async () => {
    const api = await apiProgressSnapshot(alnoor);
    const halqaIds = [...new Set([...api.sessions.values()].map((s) => s.halqa_id))].sort();
    const dates = [...api.sessions.values()].map((s) => s.date).sort();
    const range = { from: dates[0]!, to: dates.at(-1)! };
    const scope = { connectionId: "alnoor", tenantId };
    const together = await halqaHistories(scope, [...halqaIds, "hlq_none"], range, db);
    expect([...together.keys()].sort()).toEqual(halqaIds);
    for (const halqaId of halqaIds)
      expect(together.get(halqaId), halqaId).toEqual(await halqaHistory(scope, halqaId, range, db));
  });

  it("studentHistory: the student's recitations newest first, and every session of their halqa since enrolment", async () => {
    const api = await apiProgressSnapshot(alnoor);
    const student = [...api.students.values()].find(
      (s) => s.status === "active" && [...api.recitations.values()].some((r) => r.student_id === s.id),
    )!;
    const history = await studentHistory({ connectionId: "alnoor", tenantId }, student.id, db);
    const lineage = new Set(
      [...api.students.values()].filter((s) => s.lineage_id === student.lineage_id).map((s) => s.id),
    );
    const recitations = [...api.recitations.values()].filter((r) => lineage.has(r.student_id));
    expect(history.recitations.map((r) => r.id).sort()).toEqual(recitations.map((r) => r.id).sort());
    expect(history.recitations.map((r) => r.recorded_at)).toEqual(
      [...history.recitations.map((r) => r.recorded_at)].sort().reverse(),
    );
    const expected = (s: Session) =>
      (s.halqa_id === student.halqa_id && (!student.enrolled_on || s.date >= student.enrolled_on)) ||
      [...api.attendance.values()].some((r) => r.session_id === s.id && lineage.has(r.student_id));
    expect(history.attendance.map((a) => a.session.id).sort()).toEqual(
      [...api.sessions.values()]
        .filter(expected)
        .map((s) => s.id)
        .sort(),
    );
    for (const { session, row } of history.attendance) {
      expect(row).toEqual(
        [...api.attendance.values()].find((r) => r.session_id === session.id && lineage.has(r.student_id)) ?? null,
      );
    }
  });
});
