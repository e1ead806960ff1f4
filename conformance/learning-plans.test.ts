import { describe, expect, it } from "vitest";
import type { Assignment, LearningPlan } from "@/lib/contract";
import { as, call, dataOf, expectError, pageOf, traverse, type Client } from "./http";
import { demoHas, expectNoSecretFields, ids, missingIdLike } from "./fixtures";
import { expectHistoryLinks } from "./plan-checks";
import { keys, lacks, SLOW } from "./target";

/**
 * Learning plans, read-only (spec parts 2-4, rule 7, the synchronization procedure): effective
 * policy as response state, assignment history that keeps replaced assignments with their
 * supersession time and a link to the replacement, no private staff notes.
 */

const PLAN_FIELDS = [
  "id",
  "student_id",
  "semester_id",
  "name",
  "period_start",
  "target_completion_date",
  "direction",
  "start_position",
  "destination_position",
  "status",
  "workload_dataset_id",
  "publication_policy",
  "automation_paused",
  "policy_source",
  "tracks",
  "created_at",
  "updated_at",
];
const TRACK_FIELDS = ["type", "unit", "target", "tolerance", "next_position", "completed_at"];
const ASSIGNMENT_FIELDS = [
  "id",
  "plan_id",
  "student_id",
  "due_date",
  "status",
  "source",
  "explanation",
  "published_at",
  "started_at",
  "completed_at",
  "superseded_at",
  "replaced_by_assignment_id",
  "segments",
  "created_at",
  "updated_at",
];

function expectPlanShape(plan: LearningPlan) {
  expect(Object.keys(plan).sort(), `fields of plan ${plan.id}`).toEqual([...PLAN_FIELDS].sort());
  expect(["ascending", "descending"]).toContain(plan.direction);
  expect(plan.publication_policy).toBeTypeOf("string");
  expect(plan.automation_paused).toBeTypeOf("boolean");
  expect(plan.policy_source).toBeTypeOf("string");
  expect(plan.tracks.length).toBeGreaterThan(0);
  for (const track of plan.tracks) expect(Object.keys(track).sort()).toEqual([...TRACK_FIELDS].sort());
  expectNoSecretFields(plan, `plan ${plan.id}`);
}

function expectAssignmentShape(assignment: Assignment, plan: LearningPlan) {
  expect(Object.keys(assignment).sort(), `fields of assignment ${assignment.id}`).toEqual(
    [...ASSIGNMENT_FIELDS].sort(),
  );
  expect(assignment.plan_id).toBe(plan.id);
  expect(assignment.student_id).toBe(plan.student_id);
  expect(
    assignment.segments.map((segment) => segment.order),
    "segments are ordered",
  ).toEqual(assignment.segments.map((_, index) => index + 1));
  expectNoSecretFields(assignment, `assignment ${assignment.id}`);
}

async function allPlans(client: Client) {
  return (await traverse<LearningPlan>(client, "/learning-plans")).items;
}

describe.skipIf(lacks("admin"))("learning plans: plans", () => {
  const admin = as(keys.admin);

  it(
    "GET /learning-plans lists plans with the documented fields and the effective policy",
    async () => {
      const plans = await allPlans(admin);
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) expectPlanShape(plan);
    },
    SLOW,
  );

  it("GET /learning-plans/{id} equals the listed plan", async () => {
    const plans = pageOf<LearningPlan>(await admin.get("/learning-plans", { limit: 5 })).data;
    for (const plan of plans) expect(dataOf<LearningPlan>(await admin.get(`/learning-plans/${plan.id}`))).toEqual(plan);
  });

  it(
    "policy sources vary with configuration: the demo shows more than one",
    async (context) => {
      const sources = new Set((await allPlans(admin)).map((plan) => plan.policy_source));
      demoHas(context, sources.size > 1, "plans with different policy sources");
    },
    SLOW,
  );

  it("a missing plan is 404, and so is its history", async () => {
    const plan = pageOf<LearningPlan>(await admin.get("/learning-plans", { limit: 1 })).data[0]!;
    const missing = missingIdLike(plan.id);
    expectError(await admin.get(`/learning-plans/${missing}`), 404, "not_found");
    expectError(await admin.get(`/learning-plans/${missing}/assignments`), 404, "not_found");
  });

  it.for([
    ["POST", "/learning-plans"],
    ["PATCH", "/learning-plans/{id}"],
    ["PUT", "/learning-plans/{id}"],
    ["DELETE", "/learning-plans/{id}"],
    ["POST", "/learning-plans/{id}/assignments"],
  ] as const)("%s %s is not available: the API is read-only for plans (405)", async ([method, path]) => {
    const plan = pageOf<LearningPlan>(await admin.get("/learning-plans", { limit: 1 })).data[0]!;
    const response = await call(path.replace("{id}", plan.id), { method, key: keys.admin, body: { status: "paused" } });
    expectError(response, 405, "method_not_allowed");
    expect(response.headers.get("allow")).toMatch(/GET/);
  });
});

describe.skipIf(lacks("admin"))("learning plans: assignment history", () => {
  const admin = as(keys.admin);

  it(
    "every history has the documented fields, ordered segments and sound supersession links",
    async () => {
      for (const plan of await allPlans(admin)) {
        const history = (await traverse<Assignment>(admin, `/learning-plans/${plan.id}/assignments`)).items;
        for (const assignment of history) expectAssignmentShape(assignment, plan);
        expectHistoryLinks(history);
      }
    },
    SLOW,
  );

  it(
    "some history keeps a superseded assignment linked to its replacement",
    async (context) => {
      let found: Assignment | undefined;
      for (const plan of await allPlans(admin)) {
        const superseded = (
          await traverse<Assignment>(admin, `/learning-plans/${plan.id}/assignments`, { status: "superseded" })
        ).items;
        found = superseded[0];
        if (!found) continue;
        const history = (await traverse<Assignment>(admin, `/learning-plans/${plan.id}/assignments`)).items;
        expect(ids(history)).toContain(found.id);
        expect(ids(history)).toContain(found.replaced_by_assignment_id);
        break;
      }
      demoHas(context, found !== undefined, "superseded assignment");
      expect(found!.superseded_at).not.toBeNull();
    },
    SLOW,
  );

  it(
    "a traversal of the history page by page equals the whole history in one page",
    async () => {
      const plans = await allPlans(admin);
      for (const plan of plans.slice(0, 8)) {
        const whole = ids((await traverse<Assignment>(admin, `/learning-plans/${plan.id}/assignments`, {}, 100)).items);
        const paged = ids((await traverse<Assignment>(admin, `/learning-plans/${plan.id}/assignments`, {}, 1)).items);
        expect(paged).toEqual(whole);
      }
    },
    SLOW,
  );
});
