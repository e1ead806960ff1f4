"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { Id } from "@/lib/contract";
import { can } from "@/lib/authz/policy";
import { missingAsNull } from "@/lib/features/records";
import { startPlanSync } from "./sync/start";
import { refreshPlan } from "./sync/refresh";

export type SyncStartResult =
  | { started: true; mode: "full" | "incremental"; resumed: boolean }
  | { started: false; status: "busy" | "denied" | "completed" };

/** Admin "Sync now": starts a cycle and answers once it runs; the page polls /api/plans/sync-status for progress. */
export const syncPlansNow = defineAction({
  name: "plans.sync",
  input: z.object({}),
  roles: ["admin"],
  authorize: ({ subject }) => can.syncPlans(subject),
  run: async ({ actor }): Promise<SyncStartResult> => {
    const started = await startPlanSync(actor.connectionId);
    if (started.started) return { started: true, mode: started.mode, resumed: started.resumed };
    return { started: false, status: started.result.status };
  },
  target: () => ({ type: "plan_sync" }),
});

const PlanRef = z.object({ planId: Id.max(64) });

/**
 * A plan detail page's "Refresh from the school": the plan and its history read live and stored.
 * A teacher may refresh only plans of students they teach; the plan and student are loaded first.
 */
export const refreshPlanNow = defineAction({
  name: "plans.refresh",
  input: PlanRef,
  roles: ["admin", "teacher"],
  authorize: async ({ client, subject }, { planId }) => {
    const plan = await client.call("getPlan", { params: { id: planId } }).catch(missingAsNull);
    if (!plan) return false;
    if (subject.role === "admin") return true;
    const student = await client.call("getStudent", { params: { id: plan.student_id } }).catch(missingAsNull);
    return Boolean(student && can.viewPlanOf(subject, student));
  },
  run: async ({ actor }, { planId }) => {
    const found = await refreshPlan(actor.connectionId, planId);
    revalidatePath(`/plans/${planId}`);
    return { found };
  },
  target: ({ planId }) => ({ type: "learning_plan", id: planId }),
});
