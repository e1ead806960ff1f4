import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planSyncState, syncedPlans } from "@/lib/db/schema-plans";
import type { V1Client } from "@/lib/v1";
import { openMemoryStore } from "@/tests/support/db/memory-store";
import type { SyncClient } from "@/lib/features/sync/traverse";
import { startEmbeddedSchool, type EmbeddedSchool } from "@/tests/support/school-api/embedded-school";
import type { DashboardDb } from "@/lib/db/client";
import { countSyncedPlansByStatus, getSyncedPlan, listSyncedPlans } from "../mirror/reads";
import { everySyncedPage, replaceCurrentAssignment } from "@/tests/support/features/plans/mirror";
import { apiSnapshot, storeSnapshot, type Snapshot } from "@/tests/support/features/plans/snapshot";
import { refreshPlan } from "./refresh";
import { startPlanSync } from "./start";
import { getSyncStatus } from "./status";
import { syncPlans } from "./sync-plans";
import { DEMO_KEYS } from "@/school-api/seed-facts";

const ALNOOR = DEMO_KEYS.alnoorAdmin;
const ARQAM = DEMO_KEYS.arqamAdmin;
const LEGACY = DEMO_KEYS.alnoorLegacy;
/** Small pages, so that 42 demo plans make several pages to interrupt and resume. */
const PAGE = 5;

let school: EmbeddedSchool;
let store: Awaited<ReturnType<typeof openMemoryStore>>;
let db: DashboardDb;
let alnoor: V1Client;

beforeAll(async () => {
  school = await startEmbeddedSchool();
  store = await openMemoryStore();
  db = store.db;
  alnoor = school.client(ALNOOR);
}, 120_000);

afterAll(async () => {
  await store?.close();
  await school?.close();
});

/** The store holds exactly what the API holds: every plan and every assignment, deep-equal, nothing more. */
async function expectStoreEqualsApi(connectionId: string, api?: Snapshot) {
  const expected = api ?? (await apiSnapshot(alnoor));
  const actual = await storeSnapshot(db, connectionId);
  expect(actual.planRows).toBe(expected.plans.size);
  expect(actual.assignmentRows).toBe(expected.assignments.size);
  expect([...actual.plans.keys()].sort()).toEqual([...expected.plans.keys()].sort());
  for (const [id, plan] of expected.plans) expect(actual.plans.get(id), `plan ${id}`).toEqual(plan);
  for (const [id, assignment] of expected.assignments)
    expect(actual.assignments.get(id), `assignment ${id}`).toEqual(assignment);
}

/** A client that fails like a crash after `limit` calls of `operation`. */
function failingAfter(client: V1Client, operation: "listPlans" | "listAssignments", limit: number): SyncClient {
  let calls = 0;
  const call = ((name: string, ...args: unknown[]) => {
    if (name === operation && ++calls > limit)
      return Promise.reject(new Error(`simulated crash after ${limit} ${operation} calls`));
    return (client.call as (name: string, ...rest: unknown[]) => Promise<unknown>)(name, ...args);
  }) as SyncClient["call"];
  return { call };
}

describe("syncPlans against the embedded API (real HTTP)", { timeout: 60_000 }, () => {
  let fullRequests = 0;
  let fullPlans = 0;

  it("a full cycle stores every plan and assignment record for record, and the first page's watermark", async () => {
    const progress: number[] = [];
    const result = await syncPlans("alnoor", {
      db,
      client: alnoor,
      pageSize: PAGE,
      onProgress: (p) => progress.push(p.plans),
    });
    expect(result.status).toBe("completed");
    if (result.status !== "completed") return;
    expect(result.mode).toBe("full");
    const api = await apiSnapshot(alnoor);
    await expectStoreEqualsApi("alnoor", api);
    expect(result.plans).toBe(api.plans.size);
    expect(result.assignments).toBe(api.assignments.size);
    // getSchool + ceil(42/5) plan pages + one history page per plan
    expect(result.requests).toBe(1 + Math.ceil(api.plans.size / PAGE) + api.plans.size);
    expect(result.pages).toBe(Math.ceil(api.plans.size / PAGE));
    expect(progress.at(-1)).toBe(api.plans.size);

    const status = await getSyncStatus(db, "alnoor");
    expect(status.lastMode).toBe("full");
    expect(status.cycle).toBeNull();
    expect(status.problem).toBeNull();
    expect(status.lastCompletedAt).toBeInstanceOf(Date);
    expect(status.tenantId).toBe((await alnoor.call("getSchool")).id);
    // The watermark is the traversal's: the one every page of a fresh traversal would carry now is later.
    const [state] = await db.select().from(planSyncState).where(eq(planSyncState.connectionId, "alnoor"));
    expect(state?.watermark).toBe(result.watermark);
    expect(Date.parse(result.watermark!)).toBeLessThan(Date.now() - 4_000);
    fullRequests = result.requests;
    fullPlans = result.plans;
  });

  it("after plan changes and replaced assignments, an incremental cycle brings the store back to the API, asking for fewer plans", async () => {
    const plans = (await alnoor.listAll("listPlans")).items;
    const schoolId = (await alnoor.call("getSchool")).id;
    // Replace a published assignment of one plan, and a replacement's replacement in another.
    const replaced: string[] = [];
    for (const plan of plans.slice(0, 12)) {
      const history = (await alnoor.listAll("listAssignments", { params: { id: plan.id } })).items;
      const target = history.find((a) => a.status !== "superseded");
      if (!target) continue;
      const { replacement } = await school.admin<{ replacement: { id: string } }>("replace-assignment", {
        assignmentId: target.id,
        dueDate: "2031-05-06",
        explanation: "Moved after the holiday",
      });
      replaced.push(target.id);
      if (replaced.length === 2)
        await school.admin("replace-assignment", { assignmentId: replacement.id, status: "published" });
      if (replaced.length === 3) break;
    }
    expect(replaced.length).toBe(3);
    const planForStatus = plans[20]!;
    await school.admin("set-plan-status", {
      planId: planForStatus.id,
      status: planForStatus.status === "paused" ? "active" : "paused",
    });
    await school.admin("touch-plans", { schoolId, fraction: 0.05 });

    const result = await syncPlans("alnoor", { db, client: alnoor, pageSize: PAGE });
    expect(result.status).toBe("completed");
    if (result.status !== "completed") return;
    expect(result.mode).toBe("incremental");
    await expectStoreEqualsApi("alnoor");
    expect(result.plans).toBeGreaterThanOrEqual(4);
    expect(result.plans).toBeLessThan(fullPlans);
    expect(result.requests).toBeLessThan(fullRequests);

    // The supersession links are kept: the old assignment stays, pointing at a later replacement.
    const oldId = replaced[0]!;
    const row = (await storeSnapshot(db, "alnoor")).assignments.get(oldId);
    expect(row?.data.status).toBe("superseded");
    expect(row?.data.superseded_at).not.toBeNull();
    const detail = await getSyncedPlan(db, { connectionId: "alnoor" }, row!.planId);
    const ids = detail!.assignments.map((a) => a.id);
    expect(ids.indexOf(row!.data.replaced_by_assignment_id!)).toBeGreaterThan(ids.indexOf(oldId));
  });

  it("a quiet incremental cycle asks only for what changed since the watermark", async () => {
    const result = await syncPlans("alnoor", { db, client: alnoor, pageSize: PAGE });
    expect(result.status === "completed" && result.mode).toBe("incremental");
    if (result.status !== "completed") return;
    // Only plans changed within the server's 5 s slack may come again, and their histories are not re-read.
    expect(result.requests).toBeLessThan(fullRequests / 2);
    expect(result.assignments).toBe(0);
    expect(result.requests).toBe(1 + Math.max(result.pages, 1));
    await expectStoreEqualsApi("alnoor");
  });

  it("an interrupted cycle resumes from its saved cursor: nothing lost, nothing duplicated", async () => {
    const api = await apiSnapshot(alnoor);
    const pages = Math.ceil(api.plans.size / PAGE);
    await expect(
      syncPlans("resume", { db, client: failingAfter(alnoor, "listPlans", 3), pageSize: PAGE }),
    ).rejects.toThrow(/simulated crash/);
    const interrupted = await getSyncStatus(db, "resume");
    expect(interrupted.cycle).toMatchObject({ mode: "full", running: false, counts: { pages: 3, plans: 3 * PAGE } });
    expect(interrupted.problem).toMatchObject({ kind: "failed", code: "interrupted" });
    expect((await storeSnapshot(db, "resume")).planRows).toBe(3 * PAGE);

    // A crash in the middle of a page (some histories fetched): the page is done again on resume.
    await expect(
      syncPlans("resume", { db, client: failingAfter(alnoor, "listAssignments", 7), pageSize: PAGE }),
    ).rejects.toThrow(/simulated crash/);
    expect((await getSyncStatus(db, "resume")).cycle?.counts.pages).toBe(4);

    const result = await syncPlans("resume", { db, client: alnoor, pageSize: PAGE });
    expect(result).toMatchObject({
      status: "completed",
      mode: "full",
      resumed: true,
      restarted: false,
      pages: pages - 4,
    });
    if (result.status !== "completed") return;
    expect(result.cycle.pages).toBe(pages);
    expect(result.cycle.plans).toBe(api.plans.size);
    await expectStoreEqualsApi("resume", api);
    expect((await getSyncStatus(db, "resume")).problem).toBeNull();
  });

  it("a saved cursor the server refuses restarts the traversal, still without loss or duplicates", async () => {
    await expect(
      syncPlans("restart", { db, client: failingAfter(alnoor, "listPlans", 2), pageSize: PAGE }),
    ).rejects.toThrow(/simulated crash/);
    await db
      .update(planSyncState)
      .set({ cycleCursor: "bm90LWEtY3Vyc29y.tampered" })
      .where(eq(planSyncState.connectionId, "restart"));
    const result = await syncPlans("restart", { db, client: alnoor, pageSize: PAGE });
    expect(result).toMatchObject({ status: "completed", resumed: true, restarted: true });
    await expectStoreEqualsApi("restart");
  });

  it("one cycle per connection: a held lease makes another run busy; an expired one is taken over", async () => {
    const [first, second] = await Promise.all([
      syncPlans("lease", { db, client: alnoor, pageSize: PAGE }),
      syncPlans("lease", { db, client: alnoor, pageSize: PAGE }),
    ]);
    expect([first.status, second.status].sort()).toEqual(["busy", "completed"]);

    await db
      .update(planSyncState)
      .set({ leaseOwner: "another-instance", leaseExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(planSyncState.connectionId, "lease"));
    expect(await syncPlans("lease", { db, client: alnoor })).toEqual({ status: "busy", connectionId: "lease" });
    expect((await getSyncStatus(db, "lease")).cycle).toBeNull();

    await db
      .update(planSyncState)
      .set({ leaseExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(planSyncState.connectionId, "lease"));
    expect((await syncPlans("lease", { db, client: alnoor })).status).toBe("completed");
  });

  it("refuses to sync another school into a connection's mirror (tenant mismatch)", async () => {
    const first = await syncPlans("mixed", { db, client: alnoor, pageSize: PAGE });
    expect(first.status).toBe("completed");
    const before = await storeSnapshot(db, "mixed");
    const tenant = (await getSyncStatus(db, "mixed")).tenantId;

    const result = await syncPlans("mixed", { db, client: school.client(ARQAM) });
    expect(result).toMatchObject({
      status: "denied",
      problem: { code: "tenant_mismatch", kind: "denied" },
      requests: 1,
    });
    const status = await getSyncStatus(db, "mixed");
    expect(status.tenantId).toBe(tenant);
    expect(status.problem?.code).toBe("tenant_mismatch");
    const after = await storeSnapshot(db, "mixed");
    expect(after.planRows).toBe(before.planRows);
    expect(after.assignmentRows).toBe(before.assignmentRows);
    // Rows carry their tenant: a read scoped to the other school finds nothing.
    const arqamId = (await school.client(ARQAM).call("getSchool")).id;
    expect((await listSyncedPlans(db, { connectionId: "mixed", tenantId: arqamId })).plans).toEqual([]);
  });

  it("Learning Plans disabled: records the feature denial once per run and stops calmly", async () => {
    const arqam = school.client(ARQAM);
    for (let run = 0; run < 2; run++) {
      const result = await syncPlans("arqam", { db, client: arqam });
      expect(result).toMatchObject({
        status: "denied",
        problem: { code: "feature_unavailable", feature: "learning_plans", kind: "denied" },
        requests: 2,
        plans: 0,
      });
    }
    const status = await getSyncStatus(db, "arqam");
    expect(status.problem?.code).toBe("feature_unavailable");
    expect(status.cycle).toBeNull();
    expect(status.lastCompletedAt).toBeNull();
    expect((await storeSnapshot(db, "arqam")).planRows).toBe(0);
  });

  it("startPlanSync answers once the cycle runs, and says busy or denied when it cannot start", async () => {
    const started = await startPlanSync("background", { db, client: alnoor, pageSize: PAGE });
    expect(started).toMatchObject({ started: true, mode: "full", resumed: false });
    const again = await startPlanSync("background", { db, client: alnoor, pageSize: PAGE });
    expect(again).toEqual({ started: false, result: { status: "busy", connectionId: "background" } });
    const running = await getSyncStatus(db, "background");
    expect(running.cycle).toMatchObject({ running: true, mode: "full" });
    if (started.started) expect((await started.done).status).toBe("completed");
    await expectStoreEqualsApi("background");
    const denied = await startPlanSync("arqam-background", { db, client: school.client(ARQAM) });
    expect(denied).toMatchObject({
      started: false,
      result: { status: "denied", problem: { code: "feature_unavailable" } },
    });
  });

  it("a key without learning_plans:read: records the missing scope", async () => {
    const result = await syncPlans("legacy", { db, client: school.client(LEGACY) });
    expect(result).toMatchObject({
      status: "denied",
      problem: { code: "insufficient_scope", requiredScope: "learning_plans:read" },
      requests: 2,
    });
    expect((await getSyncStatus(db, "legacy")).problem?.requiredScope).toBe("learning_plans:read");
  });
});

describe("store queries on the synced mirror", { timeout: 30_000 }, () => {
  it("keyset pages cover every plan once, both ways, with filters and counts", async () => {
    const scope = { connectionId: "alnoor" };
    const api = (await alnoor.listAll("listPlans")).items;
    const { pages, seen } = await everySyncedPage(db, scope, { limit: 10 });
    expect(seen).toEqual(api.map((p) => p.id));
    // Back from the last page.
    const lastPage = await listSyncedPlans(db, scope, { limit: 10, after: pages.at(-2)!.at(-1) });
    const previous = await listSyncedPlans(db, scope, { limit: 10, before: lastPage.prevBefore! });
    expect(previous.plans.map((p) => p.id)).toEqual(pages.at(-2));
    expect(previous.nextAfter).toBe(pages.at(-2)!.at(-1));

    const counts = await countSyncedPlansByStatus(db, scope);
    expect(counts.total).toBe(api.length);
    for (const [status, n] of Object.entries(counts.byStatus))
      expect(n).toBe(api.filter((p) => p.status === status).length);
    const active = await listSyncedPlans(db, scope, { status: "active", limit: 200 });
    expect(active.plans.map((p) => p.id)).toEqual(api.filter((p) => p.status === "active").map((p) => p.id));

    const student = api[0]!.student_id;
    const mine = await listSyncedPlans(db, scope, { studentIds: [student], limit: 200 });
    expect(mine.plans.every((p) => p.student_id === student)).toBe(true);
    expect(mine.plans.length).toBe(api.filter((p) => p.student_id === student).length);
    expect((await listSyncedPlans(db, scope, { studentIds: [] })).plans).toEqual([]);
    expect((await countSyncedPlansByStatus(db, scope, { studentIds: [student] })).total).toBe(mine.plans.length);
  });

  it("a plan's history comes back in the API's order", async () => {
    const plan = (await alnoor.listAll("listPlans")).items[0]!;
    const detail = await getSyncedPlan(db, { connectionId: "alnoor" }, plan.id);
    const history = (await alnoor.listAll("listAssignments", { params: { id: plan.id } })).items;
    expect(detail?.plan).toEqual(plan);
    expect(detail?.assignments).toEqual(history);
    expect(await getSyncedPlan(db, { connectionId: "alnoor" }, "pln_missing")).toBeNull();
    expect(await getSyncedPlan(db, { connectionId: "other" }, plan.id)).toBeNull();
  });

  it("refreshPlan brings one plan and its history up to the API at once, keeping replaced assignments", async () => {
    const plan = (await alnoor.listAll("listPlans")).items.find((p) => p.status === "active")!;
    const { target, replacement } = await replaceCurrentAssignment(school, alnoor, plan, {
      explanation: "Refreshed live",
    });
    const before = await getSyncedPlan(db, { connectionId: "alnoor" }, plan.id);
    expect(before?.assignments.some((a) => a.id === replacement.id)).toBe(false);

    expect(await refreshPlan("alnoor", plan.id, { db, client: alnoor })).toBe(true);
    const after = await getSyncedPlan(db, { connectionId: "alnoor" }, plan.id);
    expect(after?.plan).toEqual(await alnoor.call("getPlan", { params: { id: plan.id } }));
    expect(after?.assignments).toEqual((await alnoor.listAll("listAssignments", { params: { id: plan.id } })).items);
    expect(after?.assignments.find((a) => a.id === target.id)?.replaced_by_assignment_id).toBe(replacement.id);
    expect(await refreshPlan("alnoor", "pln_missing", { db, client: alnoor })).toBe(false);
    // Another school's key never writes into this mirror.
    await expect(refreshPlan("alnoor", plan.id, { db, client: school.client(ARQAM) })).rejects.toMatchObject({
      code: "tenant_mismatch",
    });
    // The next incremental cycle still ends equal to the API.
    await syncPlans("alnoor", { db, client: alnoor });
    await expectStoreEqualsApi("alnoor");
  });

  it("rows are keyed by connection", async () => {
    const rows = await db.select({ connectionId: syncedPlans.connectionId }).from(syncedPlans);
    expect(new Set(rows.map((r) => r.connectionId))).toEqual(
      new Set(["alnoor", "resume", "restart", "lease", "mixed", "background"]),
    );
  });
});
