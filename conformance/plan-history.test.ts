import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Assignment, LearningPlan, Student } from "@/lib/contract";
import { adminOp, withPolicy } from "./admin";
import { as, dataOf, traverse, type Client } from "./http";
import { ids, schoolOf } from "./fixtures";
import { expectHistoryLinks } from "./plan-checks";
import { keys, lacksAdminRpc, SLOW } from "./target";

/**
 * The synchronization procedure of spec part 4 against changes made in the school's application
 * (the admin RPC): a replaced assignment is kept with its supersession time and link, the plan
 * shows up in the next `updated_after` cycle, and the effective policy is response state that
 * follows learner, halqa and school configuration.
 */

async function planWatermark(client: Client): Promise<string> {
  const { watermark } = await traverse<LearningPlan>(client, "/learning-plans");
  expect(watermark).toBeTypeOf("string");
  return watermark as string;
}

async function changedPlanIds(client: Client, mark: string): Promise<string[]> {
  const delta = (await traverse<LearningPlan>(client, "/learning-plans", { updated_after: mark })).items;
  for (const plan of delta) expect(plan.updated_at > mark, `${plan.id} updated_at after the watermark`).toBe(true);
  return ids(delta);
}

async function history(client: Client, plan: LearningPlan) {
  return (await traverse<Assignment>(client, `/learning-plans/${plan.id}/assignments`)).items;
}

/** A plan whose effective policy comes from the school, so learner or halqa settings can be added and removed cleanly. */
async function schoolSourcedPlan(client: Client): Promise<LearningPlan> {
  const plan = (await traverse<LearningPlan>(client, "/learning-plans")).items.find(
    (p) => p.policy_source === "school",
  );
  if (!plan) throw new Error("no plan inherits the school's configuration");
  return plan;
}

const otherPolicy = (policy: string) => (policy === "automatic" ? "staff_review" : "automatic");

describe.skipIf(lacksAdminRpc("admin"))("plan history: replacement by staff", () => {
  const admin = as(keys.admin);

  it(
    "a replaced assignment is kept, superseded and linked; the plan is in the next updated_after cycle",
    async () => {
      const plans = (await traverse<LearningPlan>(admin, "/learning-plans")).items;
      let target: { plan: LearningPlan; assignment: Assignment; before: Assignment[] } | undefined;
      for (const plan of plans) {
        const before = await history(admin, plan);
        const assignment = before.find((a) => a.status === "scheduled" || a.status === "published");
        if (assignment) {
          target = { plan, assignment, before };
          break;
        }
      }
      expect(target, "a plan with a scheduled or published assignment").toBeDefined();
      const { plan, assignment, before } = target!;
      const mark = await planWatermark(admin);
      const secret = `CONFORMANCE-STAFF-NOTE-${randomUUID()}`;
      await adminOp("replace-assignment", {
        assignmentId: assignment.id,
        explanation: "Adjusted by conformance",
        staffNote: secret,
      });

      expect(await changedPlanIds(admin, mark)).toContain(plan.id);
      const after = await history(admin, plan);
      expect(after).toHaveLength(before.length + 1);
      expect(ids(after.slice(0, before.length)), "nothing is deleted or reordered").toEqual(ids(before));
      const old = after.find((a) => a.id === assignment.id)!;
      const replacement = after[after.length - 1]!;
      expect(old).toMatchObject({ status: "superseded", replaced_by_assignment_id: replacement.id });
      expect(old.superseded_at).not.toBeNull();
      expect(replacement).toMatchObject({
        explanation: "Adjusted by conformance",
        superseded_at: null,
        replaced_by_assignment_id: null,
      });
      expectHistoryLinks(after);

      const superseded = (
        await traverse<Assignment>(admin, `/learning-plans/${plan.id}/assignments`, { status: "superseded" })
      ).items;
      expect(ids(superseded)).toContain(assignment.id);
      const texts = [JSON.stringify(after), JSON.stringify(dataOf(await admin.get(`/learning-plans/${plan.id}`)))];
      for (const text of texts) expect(text.includes(secret), "the private staff note is never returned").toBe(false);
    },
    SLOW,
  );
});

describe.skipIf(lacksAdminRpc("admin"))("plan history: the effective policy is current response state", () => {
  const admin = as(keys.admin);

  it(
    "learner configuration overrides and is reported as policy_source learner; removing it restores the school's",
    async () => {
      const plan = await schoolSourcedPlan(admin);
      const mark = await planWatermark(admin);
      const wanted = otherPolicy(plan.publication_policy);
      await adminOp("set-student-plan-config", {
        studentId: plan.student_id,
        publicationPolicy: wanted,
        automationPaused: !plan.automation_paused,
      });
      try {
        const now = dataOf<LearningPlan>(await admin.get(`/learning-plans/${plan.id}`));
        expect(now).toMatchObject({
          policy_source: "learner",
          publication_policy: wanted,
          automation_paused: !plan.automation_paused,
        });
        expect(now.updated_at > plan.updated_at).toBe(true);
        expect(await changedPlanIds(admin, mark)).toContain(plan.id);
      } finally {
        await adminOp("set-student-plan-config", {
          studentId: plan.student_id,
          publicationPolicy: null,
          automationPaused: null,
        });
      }
      expect(dataOf<LearningPlan>(await admin.get(`/learning-plans/${plan.id}`))).toMatchObject({
        policy_source: "school",
        publication_policy: plan.publication_policy,
        automation_paused: plan.automation_paused,
      });
    },
    SLOW,
  );

  it(
    "halqa configuration is reported as policy_source halqa and reaches updated_after",
    async () => {
      const plan = await schoolSourcedPlan(admin);
      const student = dataOf<Student>(await admin.get(`/students/${plan.student_id}`));
      const mark = await planWatermark(admin);
      await adminOp("set-halqa-plan-config", { halqaId: student.halqa_id, automationPaused: !plan.automation_paused });
      try {
        expect(dataOf<LearningPlan>(await admin.get(`/learning-plans/${plan.id}`))).toMatchObject({
          policy_source: "halqa",
          automation_paused: !plan.automation_paused,
          publication_policy: plan.publication_policy,
        });
        expect(await changedPlanIds(admin, mark)).toContain(plan.id);
      } finally {
        await adminOp("set-halqa-plan-config", {
          halqaId: student.halqa_id,
          publicationPolicy: null,
          automationPaused: null,
        });
      }
      expect(dataOf<LearningPlan>(await admin.get(`/learning-plans/${plan.id}`)).policy_source).toBe("school");
    },
    SLOW,
  );

  it(
    "school configuration changes every inheriting plan and they all reach updated_after",
    async () => {
      const schoolId = (await schoolOf(admin)).id;
      const plan = await schoolSourcedPlan(admin);
      const mark = await planWatermark(admin);
      const wanted = otherPolicy(plan.publication_policy);
      await withPolicy(schoolId, { publicationPolicy: wanted }, async () => {
        const plans = (await traverse<LearningPlan>(admin, "/learning-plans")).items;
        const inheriting = plans.filter((p) => p.policy_source === "school");
        expect(inheriting.length).toBeGreaterThan(0);
        for (const p of inheriting) expect(p.publication_policy, p.id).toBe(wanted);
        const changed = new Set(await changedPlanIds(admin, mark));
        expect(
          ids(inheriting).filter((id) => !changed.has(id)),
          "inheriting plans missing from the updated_after cycle",
        ).toEqual([]);
      });
      expect(dataOf<LearningPlan>(await admin.get(`/learning-plans/${plan.id}`)).publication_policy).toBe(
        plan.publication_policy,
      );
    },
    SLOW,
  );
});
