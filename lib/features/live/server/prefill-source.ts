import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import type { Assignment, LearningPlan, Recitation } from "@/lib/contract";
import { clientFor } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { plansOfStudents } from "@/lib/features/plans/mirror/reads";
import { failureOf, isNotFound } from "@/lib/v1";
import type { PastRecitation, QuranRange, StudentPrefill } from "../recitation-form";
import { RECITATION_KIND_VALUES, type RecitationKind } from "../types";
import { API_PAGE_SIZE } from "@/lib/features/paging";

/** Assignment states that mean "what the student works on now", in order of preference. */
const CURRENT_STATES = ["in_progress", "published", "scheduled"];

/**
 * GET /api/live/sessions/{id}/students/{studentId}/prefill. v1 calls: the session and the student
 * (in parallel), then the student's recitations (one page of 100 for most students). The plan
 * comes from the dashboard's synced plan store (no v1 call); an empty or failing store gives no
 * plan segment. Null when the session or student is not the actor's, or not of the session's halqa.
 */
export async function loadStudentPrefill(
  actor: Actor,
  sessionId: string,
  studentId: string,
): Promise<StudentPrefill | null> {
  if (!sessionId || sessionId.length > 255 || !studentId || studentId.length > 255) return null;
  const client = clientFor(actor.connectionId);
  const orNull = (error: unknown) => {
    if (isNotFound(failureOf(error))) return null;
    throw error;
  };
  const [session, student, subject, school] = await Promise.all([
    client.call("getSession", { params: { id: sessionId } }).catch(orNull),
    client.call("getStudent", { params: { id: studentId } }).catch(orNull),
    subjectOf(actor),
    client.tenant(),
  ]);
  if (!session || !student || student.halqa_id !== session.halqa_id || !can.viewSession(subject, session)) return null;
  const [recitations, plan] = await Promise.all([
    client.listAll("listStudentRecitations", { params: { id: student.id }, query: { limit: API_PAGE_SIZE } }),
    planSegments(actor.connectionId, school.id, student.id).catch(() => ({})),
  ]);
  return { studentId: student.id, earlier: latestPerKind(recitations.items), plan };
}

export function latestPerKind(recitations: readonly Recitation[]): PastRecitation[] {
  const latest = new Map<RecitationKind, Recitation>();
  for (const r of recitations) {
    const best = latest.get(r.kind);
    if (!best || Date.parse(r.recorded_at) > Date.parse(best.recorded_at)) latest.set(r.kind, r);
  }
  return [...latest.values()].map((r) => ({
    student_id: r.student_id,
    kind: r.kind,
    start: r.range.start,
    end: r.range.end,
    recorded_at: r.recorded_at,
  }));
}

async function planSegments(
  connectionId: string,
  tenantId: string,
  studentId: string,
): Promise<Partial<Record<RecitationKind, QuranRange>>> {
  const db = await dashboardDb();
  return currentSegments(await plansOfStudents(db, { connectionId, tenantId }, [studentId]));
}

/**
 * Per kind, the range of the current assignment of the student's active plan: the first assignment
 * in progress, else published, else scheduled (never superseded), earliest due first; its segments
 * of one kind joined from the first start to the last end.
 */
export function currentSegments(
  plans: readonly { plan: LearningPlan; assignments: readonly Assignment[] }[],
): Partial<Record<RecitationKind, QuranRange>> {
  const candidates = plans
    .filter(({ plan }) => plan.status === "active")
    .flatMap(({ assignments }) => assignments)
    .filter(
      (a) => CURRENT_STATES.includes(a.status) && a.superseded_at === null && a.replaced_by_assignment_id === null,
    )
    .sort(
      (a, b) =>
        CURRENT_STATES.indexOf(a.status) - CURRENT_STATES.indexOf(b.status) || a.due_date.localeCompare(b.due_date),
    );
  const current = candidates[0];
  const result: Partial<Record<RecitationKind, QuranRange>> = {};
  if (!current) return result;
  for (const kind of RECITATION_KIND_VALUES) {
    const segments = current.segments.filter((s) => s.track_type === kind).sort((a, b) => a.order - b.order);
    const first = segments[0];
    const last = segments.at(-1);
    if (first && last) result[kind] = { start: first.range.start, end: last.range.end };
  }
  return result;
}
