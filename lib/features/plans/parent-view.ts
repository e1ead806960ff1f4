import "server-only";
import type { Assignment, LearningPlan } from "@/lib/contract";
import { currentPlan, trackShares, type TrackShare } from "./plan-progress";
import { surahInfo } from "@/lib/quran";

/**
 * THE allowlist of assignment states a parent may see — the only place it is written.
 *
 * - `published`, `in_progress`, `completed`: what the school has released to the family — the
 *   child's current work and what is done.
 * - `superseded` is not shown: a replaced assignment's replacement (later in the history) is what
 *   the family sees; the old one and its link are staff history.
 * - `draft`, `pending_review`, `scheduled`, `postponed`, `cancelled` are staff lifecycle states
 *   (not yet released, under review, or withdrawn) and never reach a parent.
 * - ANY state this list does not name — including a state the API adds later, or a different
 *   spelling — is staff-only. This is an allowlist on purpose: a new state stays hidden until
 *   someone decides here that families may see it.
 *
 * The filter runs on the server before serialization (`toParentAssignments`), so hidden
 * assignments never reach HTML, RSC payloads or JSON sent to a parent.
 */
export const PARENT_VISIBLE_ASSIGNMENT_STATES = ["published", "in_progress", "completed"] as const;
export type ParentVisibleState = (typeof PARENT_VISIBLE_ASSIGNMENT_STATES)[number];

const VISIBLE: ReadonlySet<string> = new Set(PARENT_VISIBLE_ASSIGNMENT_STATES);

export function isParentVisibleState(status: unknown): status is ParentVisibleState {
  return typeof status === "string" && VISIBLE.has(status);
}

/** A Quran position with the names a family reads (from the mushaf metadata, no API call). */
export type ReadablePosition = {
  surah: number;
  ayah: number;
  surahNameArabic: string | null;
  surahNameTransliteration: string | null;
};

export type ParentSegment = {
  order: number;
  trackType: Assignment["segments"][number]["track_type"];
  start: ReadablePosition;
  end: ReadablePosition;
};

/** Everything a parent page may receive about one assignment; nothing else is copied. */
export type ParentAssignment = {
  id: string;
  dueDate: string;
  status: ParentVisibleState;
  /** The API's safe explanation for families (never private staff notes). */
  explanation: string | null;
  segments: ParentSegment[];
  publishedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
};

function readable(position: { surah: number; ayah: number }): ReadablePosition {
  const surah = surahInfo(position.surah);
  return {
    surah: position.surah,
    ayah: position.ayah,
    surahNameArabic: surah?.name_arabic ?? null,
    surahNameTransliteration: surah?.name_transliteration ?? null,
  };
}

/**
 * The parent view model of assignment records: only allowed states, only parent-safe fields,
 * built field by field (never by spreading a record, so a field the API adds later stays out).
 * No staff-only id travels: no plan id, no replacement link, no source.
 */
export function toParentAssignments(assignments: readonly Assignment[]): ParentAssignment[] {
  const out: ParentAssignment[] = [];
  for (const assignment of assignments) {
    const status = assignment.status;
    if (!isParentVisibleState(status)) continue;
    out.push({
      id: assignment.id,
      dueDate: assignment.due_date,
      status,
      explanation: assignment.explanation ?? null,
      segments: [...assignment.segments]
        .sort((a, b) => a.order - b.order)
        .map((segment) => ({
          order: segment.order,
          trackType: segment.track_type,
          start: readable(segment.range.start),
          end: readable(segment.range.end),
        })),
      publishedAt: assignment.published_at ?? null,
      startedAt: assignment.started_at ?? null,
      completedAt: assignment.completed_at ?? null,
    });
  }
  return out;
}

/**
 * The parent page's two lists: current work (published or started; earliest due first) and
 * completed work (most recently completed first).
 */
export function splitParentAssignments(assignments: readonly ParentAssignment[]): {
  current: ParentAssignment[];
  completed: ParentAssignment[];
} {
  const current = assignments
    .filter((a) => a.status === "published" || a.status === "in_progress")
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));
  const completed = assignments
    .filter((a) => a.status === "completed")
    .sort((a, b) => (b.completedAt ?? b.dueDate).localeCompare(a.completedAt ?? a.dueDate) || a.id.localeCompare(b.id));
  return { current, completed };
}

/**
 * THE allowlist of plan states whose progress a parent may see: the plan the child is working
 * through (`active`) or has finished (`completed`). Drafts, paused, cancelled and any state the
 * dashboard does not know stay with staff.
 */
export const PARENT_VISIBLE_PLAN_STATES = ["active", "completed"] as const;

/** A plan's progress as a family sees it: the target date and each track's share, nothing else (no name, id or policy). */
/** The current plan as a family reads it: where it goes (from and to), by when, and each track's share of the way. */
export type ParentPlanProgress = {
  targetDate: string;
  completed: boolean;
  from: { surah: number; ayah: number };
  to: { surah: number; ayah: number };
  tracks: TrackShare[];
};

export function toParentPlanProgress(plans: readonly LearningPlan[]): ParentPlanProgress | null {
  const plan = currentPlan(plans, PARENT_VISIBLE_PLAN_STATES);
  if (!plan) return null;
  return {
    targetDate: plan.target_completion_date,
    completed: plan.status === "completed",
    from: { surah: plan.start_position.surah, ayah: plan.start_position.ayah },
    to: { surah: plan.destination_position.surah, ayah: plan.destination_position.ayah },
    tracks: trackShares(plan),
  };
}
