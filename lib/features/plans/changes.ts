import type { Assignment, AssignmentSegment } from "@/lib/contract";

/** What a replacement changed, field by field, from the old assignment to its replacement. */
export type AssignmentDiff = {
  /** Segments of the replacement the old one did not have (same track and range). */
  added: AssignmentSegment[];
  /** Segments of the old one the replacement no longer has. */
  removed: AssignmentSegment[];
  /** Whole days the due date moved (positive: later); 0 when it stayed. */
  dueDays: number;
  dueFrom: string;
  dueTo: string;
  /** State before the replacement (the old one's state when it was replaced is not kept by the API, so `superseded` is skipped for it: null). */
  status: { from: string; to: string } | null;
  source: { from: string; to: string } | null;
};

const segmentKey = (segment: AssignmentSegment) => {
  const { start, end } = segment.range;
  return `${segment.track_type}|${start.surah}:${start.ayah}-${end.surah}:${end.ayah}`;
};

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/**
 * The difference between a replaced assignment and its replacement. A segment counts as the same
 * when its track and range are the same, whatever its order. The old assignment's state is
 * `superseded` once replaced, so the state compared is the one the old assignment was in as far
 * as the history tells: its lifecycle times (completed, started, published) or, lacking those, none.
 */
export function diffAssignments(old: Assignment, replacement: Assignment): AssignmentDiff {
  const oldKeys = new Set(old.segments.map(segmentKey));
  const newKeys = new Set(replacement.segments.map(segmentKey));
  const ordered = (segments: readonly AssignmentSegment[]) => segments.toSorted((a, b) => a.order - b.order);
  const before = stateBeforeReplacement(old);
  const after = stateAtCreation(replacement);
  return {
    added: ordered(replacement.segments).filter((segment) => !oldKeys.has(segmentKey(segment))),
    removed: ordered(old.segments).filter((segment) => !newKeys.has(segmentKey(segment))),
    dueDays: dayNumber(replacement.due_date) - dayNumber(old.due_date),
    dueFrom: old.due_date,
    dueTo: replacement.due_date,
    status: before !== null && after !== null && before !== after ? { from: before, to: after } : null,
    source: old.source !== replacement.source ? { from: old.source, to: replacement.source } : null,
  };
}

/** The state an assignment had before it was superseded, as its lifecycle times tell it; its own state when it was not replaced. */
export function stateBeforeReplacement(assignment: Assignment): string | null {
  if (assignment.status !== "superseded") return assignment.status;
  if (assignment.completed_at) return "completed";
  if (assignment.started_at) return "in_progress";
  if (assignment.published_at) return "published";
  return null;
}

/**
 * The state an assignment was created in, as its lifecycle times tell it: a replacement that was
 * started after it was made did not change the state, its later start did (listed as its own event).
 * Null when the times do not tell (a lifecycle time after creation, earlier state unknown).
 */
export function stateAtCreation(assignment: Assignment): string | null {
  const created = Date.parse(assignment.created_at);
  const by = (at: string | null) => at !== null && Date.parse(at) <= created;
  if (by(assignment.completed_at)) return "completed";
  if (by(assignment.started_at)) return "in_progress";
  if (by(assignment.published_at)) return "published";
  if (assignment.completed_at || assignment.started_at || assignment.published_at || assignment.status === "superseded")
    return null;
  return assignment.status;
}

/** Whether a diff says anything beyond "replaced". */
export const diffIsEmpty = (diff: AssignmentDiff) =>
  !diff.added.length && !diff.removed.length && diff.dueDays === 0 && !diff.status && !diff.source;

/** How often a plan's assignments were replaced, and when last. */
export type ReplacementSummary = { count: number; lastAt: string | null };

export function summarizeReplacements(history: readonly Assignment[], since?: Date): ReplacementSummary {
  let count = 0;
  let lastAt: string | null = null;
  for (const assignment of history) {
    if (!assignment.superseded_at) continue;
    if (since && Date.parse(assignment.superseded_at) < since.getTime()) continue;
    count++;
    if (!lastAt || assignment.superseded_at > lastAt) lastAt = assignment.superseded_at;
  }
  return { count, lastAt };
}

/** One thing that happened to a plan's assignments, for the "what changed" view. */
export type PlanChange = {
  /** `planState`: the plan's own state changed (recorded by the sync); the others are its assignments'. */
  kind: "replaced" | "added" | "published" | "started" | "completed" | "planState";
  at: string;
  planId: string;
  /** Null for a change of the plan itself. */
  assignmentId: string | null;
  /** For `replaced`: the replacement's id, when the history holds it. */
  replacementId: string | null;
  /** For `planState`: the states before and after. */
  from?: string;
  to?: string;
};

/** Newest first; ties in a stable order. */
export const newestFirst = (a: PlanChange, b: PlanChange) =>
  b.at.localeCompare(a.at) ||
  (a.assignmentId ?? a.planId).localeCompare(b.assignmentId ?? b.planId) ||
  a.kind.localeCompare(b.kind);

/**
 * Changes since `since` read from the histories themselves: a replacement by its supersession time,
 * a new assignment by its creation time (a replacement's creation is the replacement, not a new
 * assignment), and state changes by the lifecycle times the API keeps (published, started,
 * completed). Newest first.
 */
export function changesSince(history: readonly Assignment[], since: Date): PlanChange[] {
  const replacements = new Set(
    history.map((assignment) => assignment.replaced_by_assignment_id).filter((id): id is string => Boolean(id)),
  );
  const out: PlanChange[] = [];
  const after = (at: string | null): at is string => at !== null && Date.parse(at) >= since.getTime();
  for (const assignment of history) {
    const base = { planId: assignment.plan_id, assignmentId: assignment.id, replacementId: null };
    if (after(assignment.superseded_at))
      out.push({
        ...base,
        kind: "replaced",
        at: assignment.superseded_at,
        replacementId: assignment.replaced_by_assignment_id,
      });
    if (!replacements.has(assignment.id) && after(assignment.created_at))
      out.push({ ...base, kind: "added", at: assignment.created_at });
    if (after(assignment.published_at)) out.push({ ...base, kind: "published", at: assignment.published_at });
    if (after(assignment.started_at)) out.push({ ...base, kind: "started", at: assignment.started_at });
    if (after(assignment.completed_at)) out.push({ ...base, kind: "completed", at: assignment.completed_at });
  }
  return out.sort(newestFirst);
}
