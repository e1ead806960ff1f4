import type { AssignmentSegment, QuranRange, WorkloadTrack } from "@/lib/contract";
import type { QuranPoint } from "@/lib/quran";
import { newId } from "../ids";
import type { PlanTemplate } from "./plan-templates";
import { PRIVATE_STAFF_NOTES } from "./private-texts";
import type { Rng } from "./random";
import type { AssignmentRow } from "./rows";
import { past, type SeedClock } from "./structure";
import { addDays, addMinutes, earlier, later } from "./time";

type Row = AssignmentRow & { id: string };

const REPLACEABLE = new Set(["published", "scheduled", "pending_review", "in_progress", "postponed", "draft"]);
const SHOWN = new Set(["published", "in_progress", "completed"]);

function shorten(segments: AssignmentSegment[]): AssignmentSegment[] {
  return segments.map((segment) => {
    const { start, end } = segment.range;
    if (segment.track_type !== "new_memorization" || start.surah !== end.surah || end.ayah - start.ayah < 1)
      return segment;
    const range: QuranRange = {
      start,
      end: { surah: end.surah, ayah: start.ayah + Math.floor((end.ayah - start.ayah) / 2) },
    };
    return { ...segment, range };
  });
}

/**
 * Staff replace one assignment, as the school's application does: the old row is kept as
 * `superseded` with the time and a link to its replacement, which takes the next sequence.
 * Now and then the latest replacement is itself replaced, so histories contain chains.
 */
export function replaceOne(
  rng: Rng,
  clock: SeedClock,
  history: Row[],
  explain: (segments: AssignmentSegment[]) => string,
): void {
  let candidates = history.filter((row) => REPLACEABLE.has(row.status));
  if (candidates.length === 0) candidates = history.filter((row) => row.status === "completed");
  if (candidates.length === 0) return;
  const latest = history.at(-1);
  const target =
    latest && latest.source === "staff" && REPLACEABLE.has(latest.status) && rng.chance(0.4)
      ? latest
      : rng.pick(candidates);
  const status = target.status;
  const created = target.createdAt ?? clock.now;
  let at = addMinutes(target.publishedAt ?? created, rng.int(30, 600));
  if (target.startedAt) at = earlier(at, addMinutes(target.startedAt, -1));
  const supersededAt = past(clock, later(at, created));

  const segments = shorten(target.segments);
  const publishedAt = SHOWN.has(status) ? supersededAt : null;
  const startedAt =
    status === "in_progress" || status === "completed" ? later(target.startedAt ?? supersededAt, supersededAt) : null;
  const completedAt =
    status === "completed" ? later(target.completedAt ?? supersededAt, startedAt ?? supersededAt) : null;
  const replacement: Row = {
    id: newId("asg", supersededAt.getTime()),
    schoolId: target.schoolId,
    planId: target.planId,
    studentId: target.studentId,
    sequence: Math.max(...history.map((row) => row.sequence)) + 1,
    dueDate: status === "postponed" ? addDays(target.dueDate, 1) : target.dueDate,
    status,
    source: "staff",
    explanation: `Adjusted by your teacher. ${explain(segments)}`,
    staffNote: rng.chance(0.5) ? PRIVATE_STAFF_NOTES[0] : null,
    publishedAt,
    startedAt,
    completedAt,
    supersededAt: null,
    replacedByAssignmentId: null,
    segments,
    createdAt: supersededAt,
    updatedAt: completedAt ?? startedAt ?? publishedAt ?? supersededAt,
  };
  Object.assign(target, {
    status: "superseded",
    supersededAt,
    replacedByAssignmentId: replacement.id,
    publishedAt: target.publishedAt && target.publishedAt <= supersededAt ? target.publishedAt : null,
    startedAt: null,
    completedAt: null,
    updatedAt: supersededAt,
  });
  history.push(replacement);
}

type Progress = {
  newTarget: number;
  position: QuranPoint | null;
  lastNew: QuranRange | null;
  finishedAt: Date | null;
  lastAt: Date;
};

export function buildTracks(rng: Rng, template: PlanTemplate, progress: Progress): WorkloadTrack[] {
  const finished = progress.finishedAt?.toISOString() ?? null;
  const byLines = rng.chance(0.4);
  const tracks: WorkloadTrack[] = [
    {
      type: "new_memorization",
      unit: "ayah",
      target: progress.newTarget,
      tolerance: 1,
      next_position: progress.position,
      completed_at: progress.position ? finished : (finished ?? progress.lastAt.toISOString()),
    },
    {
      type: "recent_revision",
      unit: byLines ? "line" : "page",
      target: byLines ? 15 : 1,
      tolerance: byLines ? 3 : 0.5,
      next_position: progress.lastNew?.start ?? { ...template.start },
      completed_at: finished,
    },
  ];
  if (rng.chance(0.8)) {
    tracks.push({
      type: "old_revision",
      unit: "page",
      target: rng.int(2, 5),
      tolerance: 1,
      next_position: { surah: rng.pick(template.revision), ayah: 1 },
      completed_at: finished,
    });
  }
  return tracks;
}
