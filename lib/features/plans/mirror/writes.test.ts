import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Assignment, LearningPlan } from "@/lib/contract";
import * as dashboardSchema from "@/lib/db/schema";
import { openPg, type Opened } from "@/lib/pg/open";
import { postgresAvailable, startPostgres, type PostgresCluster } from "@/scripts/postgres";
import type { DashboardDb } from "@/lib/db/client";
import { getSyncedPlan, storedVersions } from "./reads";
import { storePlans } from "./writes";

/**
 * The mirror's writes send each batch of records as UTF-8 JSON bytes and let the database read
 * the indexed columns out of them, in batches of about 100 records: on PGlite and on PostgreSQL
 * alike, every record comes back exactly as it went in (any script, any length of history, whole
 * and in order), and an older version never overwrites a newer one.
 */

const at = (minute: number) => new Date(Date.UTC(2026, 9, 1, 8, minute)).toISOString();

function plan(id: string, patch: Partial<LearningPlan> = {}): LearningPlan {
  return {
    id,
    student_id: `stu_${id}`,
    semester_id: "sem_1",
    name: `خطة الحفظ — ${id} ✨`,
    period_start: "2026-09-01",
    target_completion_date: "2027-06-30",
    direction: "forward",
    start_position: { surah: 1, ayah: 1 },
    destination_position: { surah: 114, ayah: 6 },
    status: "active",
    workload_dataset_id: "wl_1",
    publication_policy: "automatic",
    automation_paused: false,
    policy_source: "school",
    tracks: [],
    created_at: at(0),
    updated_at: at(1),
    ...patch,
  } as LearningPlan;
}

function history(planId: string, length: number, minute = 1): Assignment[] {
  return Array.from({ length }, (_, i) => ({
    id: `${planId}_a${String(i).padStart(4, "0")}`,
    plan_id: planId,
    student_id: `stu_${planId}`,
    due_date: "2026-11-01",
    status: i < length - 1 ? "superseded" : "published",
    source: "automatic",
    explanation: i % 3 === 0 ? `مراجعة "الجزء" ${i}\n😀 \\ ' ` : null,
    published_at: at(minute),
    started_at: null,
    completed_at: null,
    superseded_at: i < length - 1 ? at(minute + 1) : null,
    replaced_by_assignment_id: i < length - 1 ? `${planId}_a${String(i + 1).padStart(4, "0")}` : null,
    segments: [{ order: 1, kind: "memorization", start: { surah: 2, ayah: 1 }, end: { surah: 2, ayah: 5 } }],
    created_at: at(minute),
    updated_at: at(minute),
  })) as unknown as Assignment[];
}

type Engine = {
  name: string;
  open: () => Promise<{ store: Opened<typeof dashboardSchema>; stop: () => Promise<void> }>;
};

const migrations = path.join(process.cwd(), "lib/db/migrations");
let cluster: PostgresCluster | null = null;
const engines: Engine[] = [
  {
    name: "PGlite",
    open: async () => ({
      store: await openPg({ dataDir: "memory://" }, dashboardSchema, migrations),
      stop: async () => undefined,
    }),
  },
  ...(postgresAvailable()
    ? [
        {
          name: "PostgreSQL",
          open: async () => {
            cluster = await startPostgres();
            return {
              store: await openPg({ url: cluster.url, poolSize: 2 }, dashboardSchema, migrations),
              stop: async () => cluster?.stop(),
            };
          },
        },
      ]
    : []),
];

describe.each(engines)("plan mirror writes on $name", ({ open }) => {
  let opened: Awaited<ReturnType<Engine["open"]>>;
  let db: DashboardDb;
  const scope = { connectionId: "c1", tenantId: "sch_1", syncedAt: new Date() };

  beforeAll(async () => {
    opened = await open();
    db = opened.store.db as unknown as DashboardDb;
  }, 120_000);

  afterAll(async () => {
    await opened?.store.close();
    await opened?.stop();
  });

  it("stores every record as it came, histories whole and in order, across batches", async () => {
    const plans = [plan("p1"), plan("p2"), plan("p3"), plan("p4", { status: "paused" })];
    const histories = [history("p1", 250), history("p2", 0), history("p3", 40), history("p4", 90)];
    await db.transaction((tx) => storePlans(tx, scope, plans, histories));
    for (const [i, stored] of plans.entries()) {
      const found = await getSyncedPlan(db, scope, stored.id);
      expect(found?.plan).toEqual(stored);
      expect(found?.assignments).toEqual(histories[i]);
    }
    expect(await storedVersions(db, "c1", ["p1", "p4"])).toEqual(
      new Map([
        ["p1", Date.parse(at(1))],
        ["p4", Date.parse(at(1))],
      ]),
    );
  });

  it("keeps the newer version when an older read arrives later", async () => {
    const newer = plan("p5", { name: "newer", updated_at: at(30) });
    await db.transaction((tx) => storePlans(tx, scope, [newer], [history("p5", 3, 30)]));
    await db.transaction((tx) =>
      storePlans(tx, scope, [plan("p5", { name: "older", updated_at: at(10) })], [history("p5", 3, 10)]),
    );
    const found = await getSyncedPlan(db, scope, "p5");
    expect(found?.plan.name).toBe("newer");
    expect(found?.assignments).toEqual(history("p5", 3, 30));
  });
});
