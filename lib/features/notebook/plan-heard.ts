/**
 * Plan against register (issue 29, point 4): for each published assignment due within a week of today,
 * whether it was heard: every ayah of each of its segments lies in a recitation of the segment's kind,
 * by the same student, recorded since the assignment was published. Pure (docs/progress.md).
 */
import type { Assignment, Recitation } from "@/lib/contract";
import { ayahIdOf } from "@/lib/quran/cover";
import { daysBetween } from "@/lib/features/progress/quran-map";

/** Published and later states (never a draft, a state under review, or a replaced one). */
export const PUBLISHED_STATES = ["published", "in_progress", "completed"];
export const WEEK_DAYS = 6;

export type HeardState = "heard" | "partly" | "not_heard";
export type PlanHeard = {
  assignmentId: string;
  studentId: string;
  dueDate: string;
  state: HeardState;
  segments: Assignment["segments"];
};

export type HeardRecitation = Pick<Recitation, "student_id" | "kind" | "range" | "recorded_at">;

const withinWeek = (due: string, today: string) =>
  daysBetween(due, today) <= WEEK_DAYS && daysBetween(today, due) <= WEEK_DAYS;

/** An assignment the plan-against-register view judges: published (and not replaced), with segments, due within a week of today. */
export type JudgedAssignment = Assignment & { published_at: string };
export function isJudged(a: Assignment, today: string): a is JudgedAssignment {
  return (
    PUBLISHED_STATES.includes(a.status) &&
    !!a.published_at &&
    !a.superseded_at &&
    !a.replaced_by_assignment_id &&
    a.segments.length > 0 &&
    withinWeek(a.due_date, today)
  );
}

export function planHeard(
  assignments: readonly Assignment[],
  recitations: readonly HeardRecitation[],
  today: string,
): PlanHeard[] {
  const result: PlanHeard[] = [];
  for (const a of assignments) {
    if (!isJudged(a, today)) continue;
    const since = Date.parse(a.published_at);
    let total = 0;
    let covered = 0;
    for (const segment of a.segments) {
      const first = ayahIdOf(segment.range.start);
      const last = ayahIdOf(segment.range.end);
      const spans = recitations
        .filter(
          (r) => r.student_id === a.student_id && r.kind === segment.track_type && Date.parse(r.recorded_at) >= since,
        )
        .map((r) => [ayahIdOf(r.range.start), ayahIdOf(r.range.end)] as const);
      for (let ayah = first; ayah <= last; ayah++) {
        total++;
        if (spans.some(([from, to]) => ayah >= from && ayah <= to)) covered++;
      }
    }
    const state: HeardState = covered === 0 ? "not_heard" : covered === total ? "heard" : "partly";
    result.push({ assignmentId: a.id, studentId: a.student_id, dueDate: a.due_date, state, segments: a.segments });
  }
  return result.sort(byDueThenStudent);
}

/** The order plan against register lists its assignments in: by due date, then student. */
export const byDueThenStudent = (x: PlanHeard, y: PlanHeard) =>
  x.dueDate.localeCompare(y.dueDate) || x.studentId.localeCompare(y.studentId);
