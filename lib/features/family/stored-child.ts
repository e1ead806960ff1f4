import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { planSyncState } from "@/lib/db/schema-plans";
import { progressStudents } from "@/lib/db/schema-progress";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import { plansOfStudents } from "@/lib/features/plans/mirror/reads";
import { splitParentAssignments, toParentAssignments, toParentPlanProgress } from "@/lib/features/plans/parent-view";
import { studentHistory } from "@/lib/features/progress/read-model";
import { semestersFor, surahsFor } from "@/lib/features/reference";
import type { Locale } from "@/lib/i18n/core";
import { kindOf } from "@/lib/v1";
import { childView, currentRecord, type ChildView } from "./queries";

/**
 * The same view of a child as the family page (`childView`, one allowlist), built from the
 * dashboard's read models instead of the school's API: the progress store (students, sessions,
 * marks, recitations) and the plan store, as fresh as their last syncs (docs/progress.md) plus what
 * the dashboard wrote through. For the weekly summaries of a whole school, where asking the API
 * some sixteen times per child would take hours; a halqa's name comes from the caller's cached lookup.
 */
export async function loadStoredChild(
  actor: Actor,
  lineageId: string,
  locale: Locale,
  {
    halqaName,
    db,
    listedFrom,
  }: { halqaName: (id: string) => Promise<string | null>; db?: DashboardDb; listedFrom?: string },
): Promise<ChildView | null> {
  if (actor.role !== "parent" || !actor.studentLineageIds.includes(lineageId)) return null;
  const store = db ?? (await dashboardDb());
  const client = clientFor(actor.connectionId);
  const school = await client.tenant();
  const scope = { connectionId: actor.connectionId, tenantId: school.id };
  const [records, semesters, surahs, subject] = await Promise.all([
    store
      .select({ data: progressStudents.data })
      .from(progressStudents)
      .where(
        and(
          eq(progressStudents.connectionId, actor.connectionId),
          eq(progressStudents.tenantId, school.id),
          eq(progressStudents.lineageId, lineageId),
        ),
      ),
    semestersFor(actor.connectionId),
    surahsFor(actor.connectionId),
    subjectOf(actor),
  ]);
  const student = currentRecord(
    records.map((record) => record.data),
    semesters,
  );
  if (!student || !can.viewChild(subject, student)) return null;
  const [stored, plans, name] = await Promise.all([
    studentHistory(scope, student.id, store),
    sharedPlans(store, scope, student.id),
    halqaName(student.halqa_id),
  ]);
  return childView(
    {
      lineageId,
      student,
      school,
      semesters,
      surahs,
      halqaName: name,
      recitations: stored.recitations,
      shared: plans,
      stored,
      live: [],
      listedFrom,
    },
    locale,
  );
}

/** The child's plans from the plan store; null when the school does not share plans (the last sync was refused for it). */
export async function sharedPlans(
  db: DashboardDb,
  scope: { connectionId: string; tenantId: string },
  studentId: string,
) {
  const [state] = await db
    .select({ lastError: planSyncState.lastError, lastCompletedAt: planSyncState.lastCompletedAt })
    .from(planSyncState)
    .where(eq(planSyncState.connectionId, scope.connectionId))
    .limit(1);
  if (!state?.lastCompletedAt || (state.lastError && kindOf(state.lastError.code, null).lacks === "feature"))
    return null;
  const plans = await plansOfStudents(db, scope, [studentId]);
  return {
    assignments: splitParentAssignments(toParentAssignments(plans.flatMap((entry) => entry.assignments))),
    plan: toParentPlanProgress(plans.map((entry) => entry.plan)),
  };
}
