import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PLAN_STATUSES, RECITATION_KINDS, type LearningPlan } from "@/lib/contract";
import { PARENT_VISIBLE_PLAN_STATES, toParentPlanProgress } from "./parent-view";

const ALLOWED: readonly string[] = PARENT_VISIBLE_PLAN_STATES;
const status = fc.oneof(
  fc.constantFrom(...PLAN_STATUSES),
  fc.constantFrom("Active", "ACTIVE", " active", "archived", "__proto__", ""),
  fc.string({ maxLength: 12 }),
);

const plan = (token: string, state: string, updatedAt: string): LearningPlan => ({
  id: `pln_ID${token}`,
  student_id: "stu_child",
  semester_id: null,
  name: `PLANNAME_${token}`,
  period_start: "2026-09-01",
  target_completion_date: "2027-01-31",
  direction: "ascending",
  start_position: { surah: 78, ayah: 1 },
  destination_position: { surah: 114, ayah: 6 },
  status: state,
  workload_dataset_id: `DATASET_${token}`,
  publication_policy: "staff_review",
  automation_paused: true,
  policy_source: "learner",
  tracks: RECITATION_KINDS.map((type, at) => ({
    type,
    unit: "ayah",
    target: 5,
    tolerance: 1,
    next_position: at === 0 ? { surah: 96, ayah: 1 } : null,
    completed_at: null,
  })),
  created_at: "2026-09-01T08:00:00Z",
  updated_at: updatedAt,
});

describe("a plan's progress as a family sees it", () => {
  it("comes only from an allowed state, the active plan before a completed one, and carries no name, id or policy", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.uuid(), status, fc.integer({ min: 1, max: 28 })), { maxLength: 8 }), (rows) => {
        const plans = rows.map(([token, state, day]) =>
          plan(token.replaceAll("-", ""), state, `2026-11-${String(day).padStart(2, "0")}T08:00:00Z`),
        );
        const view = toParentPlanProgress(plans);
        const allowed = plans.filter((p) => ALLOWED.includes(p.status));
        if (!allowed.length) {
          expect(view).toBeNull();
          return;
        }
        expect(view).not.toBeNull();
        expect(view!.completed).toBe(!plans.some((p) => p.status === "active"));
        const serialized = JSON.stringify(view);
        for (const p of plans)
          for (const secret of [p.id, p.name, p.workload_dataset_id, "staff_review", "learner"])
            expect(serialized).not.toContain(secret);
        // Where the plan goes (its two ends) is what a family reads its share of the way against (issue 58.5).
        expect(Object.keys(view!).sort()).toEqual(["completed", "from", "targetDate", "to", "tracks"]);
      }),
    );
  });

  it("says how far each track has come", () => {
    const view = toParentPlanProgress([plan("a", "active", "2026-11-01T08:00:00Z")]);
    expect(view?.tracks.map((track) => [track.type, track.percent])).toEqual([
      ["new_memorization", expect.any(Number)],
      ["recent_revision", 0],
      ["old_revision", 0],
    ]);
    expect(view!.tracks[0]!.percent).toBeGreaterThan(0);
    expect(view!.tracks[0]!.percent).toBeLessThan(100);
  });
});
