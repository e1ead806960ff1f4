import { describe, expect, it } from "vitest";
import type { Assignment, LearningPlan } from "@/lib/contract";
import { addDays } from "@/lib/dates";
import { dashboardDb } from "@/lib/db";
import { storePlans } from "@/lib/features/plans/mirror/writes";
import { planHeardOf } from "./plan-heard-source";

const TODAY = "2026-11-25";
const scope = { connectionId: "plan-heard-source", tenantId: "sch_1" };
const at = new Date("2026-11-20T08:00:00Z").toISOString();

const plan = (n: number) =>
  ({ id: `pln_${n}`, student_id: `stu_${n}`, status: "active", created_at: at, updated_at: at }) as LearningPlan;

const assignment = (n: number, suffix: string, patch: Partial<Assignment>) =>
  ({
    id: `asg_${n}_${suffix}`,
    plan_id: `pln_${n}`,
    student_id: `stu_${n}`,
    due_date: TODAY,
    status: "published",
    published_at: at,
    superseded_at: null,
    replaced_by_assignment_id: null,
    segments: [
      {
        order: 1,
        track_type: "new_memorization",
        range: { start: { surah: 78, ayah: 1 }, end: { surah: 78, ayah: 10 } },
      },
    ],
    created_at: at,
    updated_at: at,
    ...patch,
  }) as unknown as Assignment;

// The store opens (initdb, in memory) on the first call.
describe("plan against register of many students (the admin's overview)", { timeout: 120_000 }, () => {
  it("judges every student's assignments due within a week, however many plans the students have", async () => {
    const count = 250; // more than one page of the plan store (200)
    const plans = Array.from({ length: count }, (_, n) => plan(n));
    const histories = plans.map((_, n) => [
      assignment(n, "old", { due_date: addDays(TODAY, -20) }),
      assignment(n, "edge", { due_date: addDays(TODAY, n % 2 ? 6 : -6) }),
      assignment(n, "out", { due_date: addDays(TODAY, n % 2 ? 7 : -7) }),
      assignment(n, "draft", { status: "draft" as Assignment["status"], published_at: null }),
      assignment(n, "now", {}),
    ]);
    const db = await dashboardDb();
    await db.transaction((tx) => storePlans(tx, { ...scope, syncedAt: new Date() }, plans, histories));

    const items = await planHeardOf(
      scope,
      plans.map((p) => p.student_id),
      TODAY,
    );
    expect(items.map((item) => item.assignmentId).sort()).toEqual(
      plans.flatMap((_, n) => [`asg_${n}_edge`, `asg_${n}_now`]).sort(),
    );
    // Only the students asked for, and another school's records are not read.
    expect((await planHeardOf(scope, ["stu_3"], TODAY)).map((item) => item.assignmentId).sort()).toEqual([
      "asg_3_edge",
      "asg_3_now",
    ]);
    expect(await planHeardOf({ ...scope, tenantId: "sch_2" }, ["stu_3"], TODAY)).toEqual([]);
  });
});
