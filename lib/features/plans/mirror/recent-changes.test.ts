import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { V1Client } from "@/lib/v1";
import { openMemoryStore } from "@/tests/support/db/memory-store";
import { startEmbeddedSchool, type EmbeddedSchool } from "@/tests/support/school-api/embedded-school";
import type { DashboardDb } from "@/lib/db/client";
import { refreshPlan } from "../sync/refresh";
import { syncPlans } from "../sync/sync-plans";
import { listSyncedPlans } from "./reads";
import { everySyncedPage, replaceCurrentAssignment } from "@/tests/support/features/plans/mirror";
import { recentChanges, replacementsOf } from "./recent-changes";
import { DEMO_KEYS } from "@/school-api/seed-facts";

let school: EmbeddedSchool;
let store: Awaited<ReturnType<typeof openMemoryStore>>;
let db: DashboardDb;
let alnoor: V1Client;
const scope = { connectionId: "alnoor" };

beforeAll(async () => {
  school = await startEmbeddedSchool();
  store = await openMemoryStore();
  db = store.db;
  alnoor = school.client(DEMO_KEYS.alnoorAdmin);
  await syncPlans("alnoor", { db, client: alnoor });
}, 120_000);

afterAll(async () => {
  await store?.close();
  await school?.close();
});

describe("replacements and changes in the synced store", { timeout: 30_000 }, () => {
  it("filters plans replaced in a period, counts replacements, sorts by last change and lists this week's changes", async () => {
    const before = new Date();
    const plans = (await alnoor.listAll("listPlans")).items;
    const plan = plans.find((p) => p.status === "active")!;
    const { history, target, replacement } = await replaceCurrentAssignment(school, alnoor, plan);
    await refreshPlan("alnoor", plan.id, { db, client: alnoor });

    const recent = await listSyncedPlans(db, scope, { replacedSince: before, limit: 200 });
    expect(recent.plans.map((p) => p.id)).toEqual([plan.id]);
    const ever = await listSyncedPlans(db, scope, { replacedSince: new Date(0), limit: 200 });
    const withReplacements = await replacementsOf(
      db,
      scope,
      plans.map((p) => p.id),
    );
    expect(ever.plans.map((p) => p.id).sort()).toEqual([...withReplacements.keys()].sort());
    const summary = withReplacements.get(plan.id)!;
    expect(summary.count).toBe(history.filter((a) => a.superseded_at).length + 1);
    expect(Date.parse(summary.lastAt!)).toBeGreaterThanOrEqual(before.getTime());

    // Sorted by last change: the replaced plan first; keyset pages cover every plan once, both ways.
    const { pages, seen } = await everySyncedPage(db, scope, { sort: "changed", limit: 10 });
    expect(seen[0]).toBe(plan.id);
    expect(seen.toSorted()).toEqual(plans.map((p) => p.id).toSorted());
    const second = await listSyncedPlans(db, scope, {
      sort: "changed",
      limit: 10,
      after: (await listSyncedPlans(db, scope, { sort: "changed", limit: 10 })).nextAfter!,
    });
    const back = await listSyncedPlans(db, scope, { sort: "changed", limit: 10, before: second.prevBefore! });
    expect(back.plans.map((p) => p.id)).toEqual(pages[0]);

    const { changes, plans: named } = await recentChanges(db, scope, before);
    expect(changes.find((c) => c.kind === "replaced")).toMatchObject({
      planId: plan.id,
      assignmentId: target.id,
      replacementId: replacement.id,
    });
    expect(changes.every((c) => c.planId === plan.id)).toBe(true);
    expect(named.get(plan.id)?.name).toBe(plan.name);
    expect((await recentChanges(db, { connectionId: "other" }, before)).changes).toEqual([]);
  });

  it("records a plan's state change when a sync replaces the stored plan, once, and lists it", async () => {
    const before = new Date();
    const plan = (await alnoor.listAll("listPlans")).items.filter((p) => p.status === "active").at(-1)!;
    await school.admin("set-plan-status", { planId: plan.id, status: "paused" });
    await syncPlans("alnoor", { db, client: alnoor });
    await syncPlans("alnoor", { db, client: alnoor, mode: "full" });
    const states = (await recentChanges(db, scope, before)).changes.filter((c) => c.kind === "planState");
    expect(states).toEqual([
      expect.objectContaining({ planId: plan.id, from: "active", to: "paused", assignmentId: null }),
    ]);
    // A live refresh records too.
    await school.admin("set-plan-status", { planId: plan.id, status: "active" });
    await refreshPlan("alnoor", plan.id, { db, client: alnoor });
    const again = (await recentChanges(db, scope, before)).changes.filter((c) => c.kind === "planState");
    expect(again.map((c) => [c.from, c.to])).toEqual([
      ["paused", "active"],
      ["active", "paused"],
    ]);
  });
});
