import type { AssignmentSegment, QuranRange } from "@/lib/contract";
import { comparePoints, type QuranPoint } from "@/lib/quran";
import { newId } from "../ids";
import { PRIVATE_STAFF_NOTES } from "./private-texts";
import { ayahCount, describeRange, takeAyahs, type Direction } from "./quran-path";
import type { Rng } from "./random";
import type { AssignmentRow, PlanRow } from "./rows";
import { past, type SeedClock } from "./structure";
import { addDays, later, zonedTime } from "./time";
import { buildTracks, replaceOne } from "./plan-history";
import type { PlanTemplate } from "./plan-templates";

export const WORKLOAD_DATASET_ID = "hafs-madani-workload-2024.2";

export type PlanStatus = "draft" | "active" | "paused" | "completed" | "cancelled";

export type PlanInput = {
  rng: Rng;
  clock: SeedClock;
  schoolId: string;
  studentId: string;
  semesterId: string | null;
  status: PlanStatus;
  template: PlanTemplate;
  /** Assignments before replacement; each replacement adds one more row to the history. */
  assignments: number;
  replacements: number;
  staffReview: boolean;
  staffNoteChance?: number;
};

export type BuiltPlan = { plan: PlanRow & { id: string }; assignments: (AssignmentRow & { id: string })[] };

const CADENCE = 2;
const SHOWN = new Set(["published", "in_progress", "completed"]);

function beyond(point: QuranPoint, destination: QuranPoint, direction: Direction): boolean {
  if (direction === "ascending") return comparePoints(point, destination) > 0;
  return point.surah < destination.surah || (point.surah === destination.surah && point.ayah > destination.ayah);
}

/** Assignment state from its due date and the plan's state: the past is done, the near future shown, the rest staff-only. */
function statusOf(status: PlanStatus, due: string, index: number, count: number, input: PlanInput): string {
  const today = input.clock.today;
  if (status === "completed") return "completed";
  if (status === "draft") return index === 0 ? "pending_review" : "draft";
  if (status === "paused") return due < addDays(today, -12) ? "completed" : "postponed";
  if (status === "cancelled") return due < addDays(today, -20) ? "completed" : "cancelled";
  if (due < today) return input.rng.chance(0.06) ? "postponed" : "completed";
  if (due === today) return "in_progress";
  if (due <= addDays(today, CADENCE)) return "published";
  if (index === count - 1) return input.staffReview ? "pending_review" : input.rng.chance(0.5) ? "draft" : "scheduled";
  return "scheduled";
}

function firstDueDate(status: PlanStatus, count: number, today: string): string {
  const future = Math.min(3, Math.floor(count / 3));
  if (status === "draft") return addDays(today, 3);
  if (status === "completed") return addDays(today, -(count * CADENCE + 10));
  if (status === "paused") return addDays(today, -((count - future - 1) * CADENCE + 12));
  if (status === "cancelled") return addDays(today, -((count - 1) * CADENCE + 20));
  return addDays(today, -(count - future - 1) * CADENCE);
}

function stampsFor(clock: SeedClock, due: string, status: string, floor: Date | null) {
  const at = (days: number, time: string) => past(clock, zonedTime(addDays(due, days), time, clock.timeZone));
  const createdAt = floor ? later(floor, at(-4, "06:00")) : at(-4, "06:00");
  const publishedAt = SHOWN.has(status) ? later(createdAt, at(-3, "18:00")) : null;
  const startedAt =
    status === "in_progress" || status === "completed" ? later(publishedAt ?? createdAt, at(0, "16:10")) : null;
  const completedAt = status === "completed" ? later(startedAt ?? createdAt, at(0, "17:20")) : null;
  const changedAt = status === "postponed" || status === "cancelled" ? later(createdAt, at(-1, "12:00")) : null;
  const updatedAt = completedAt ?? startedAt ?? publishedAt ?? changedAt ?? createdAt;
  return { createdAt, publishedAt, startedAt, completedAt, updatedAt };
}

/** One plan with an assignment history whose segments walk the template's part of the mushaf. */
export function buildPlan(input: PlanInput): BuiltPlan {
  const { rng, clock, template } = input;
  const count = Math.max(0, input.assignments);
  const firstDue = firstDueDate(input.status, count, clock.today);
  const newTarget = rng.int(3, 7);
  let position: QuranPoint | null = { ...template.start };
  let lastNew: QuranRange | null = null;
  const planCreated = past(clock, zonedTime(addDays(firstDue, -4), "10:00", clock.timeZone));
  const planId = newId("pln", planCreated.getTime());
  const history: (AssignmentRow & { id: string })[] = [];

  for (let index = 0; index < count; index++) {
    const due = addDays(firstDue, index * CADENCE);
    const status = statusOf(input.status, due, index, count, input);
    const segments: Omit<AssignmentSegment, "order">[] = [];
    if (position && !beyond(position, template.destination, template.direction)) {
      const step = takeAyahs(position, newTarget + rng.int(-1, 1), template.direction);
      let { range, next } = step;
      if (range.end.surah === template.destination.surah && range.end.ayah >= template.destination.ayah) {
        range = { start: range.start, end: { ...template.destination } };
        next = null;
      }
      segments.push({ track_type: "new_memorization", range });
      position = next;
      if (lastNew) segments.push({ track_type: "recent_revision", range: lastNew });
      lastNew = range;
    } else if (lastNew) {
      segments.push({ track_type: "recent_revision", range: lastNew });
    }
    segments.push({ track_type: "old_revision", range: oldRevision(rng, template) });
    const ordered = segments.map((segment, i) => ({ order: i + 1, ...segment }));
    const stamps = stampsFor(clock, due, status, planCreated);
    history.push({
      id: newId("asg", stamps.createdAt.getTime()),
      schoolId: input.schoolId,
      planId,
      studentId: input.studentId,
      sequence: index + 1,
      dueDate: due,
      status,
      source: "automatic",
      explanation: explain(ordered),
      staffNote: rng.chance(input.staffNoteChance ?? 0.12) ? rng.pick(PRIVATE_STAFF_NOTES) : null,
      supersededAt: null,
      replacedByAssignmentId: null,
      segments: ordered,
      ...stamps,
    });
  }

  for (let n = 0; n < input.replacements; n++) replaceOne(rng, clock, history, explain);

  const finishedAt = input.status === "completed" ? (history.at(-1)?.completedAt ?? planCreated) : null;
  const periodStart = addDays(firstDue, -1);
  const updatedAt = history.reduce((latest, row) => later(latest, row.updatedAt ?? latest), planCreated);
  const plan: PlanRow & { id: string } = {
    id: planId,
    schoolId: input.schoolId,
    studentId: input.studentId,
    semesterId: input.semesterId,
    name: template.name,
    periodStart,
    targetCompletionDate: addDays(periodStart, 120 + rng.int(0, 8) * 7),
    direction: template.direction,
    startSurah: template.start.surah,
    startAyah: template.start.ayah,
    destinationSurah: template.destination.surah,
    destinationAyah: template.destination.ayah,
    status: input.status,
    workloadDatasetId: WORKLOAD_DATASET_ID,
    tracks: buildTracks(rng, template, { newTarget, position, lastNew, finishedAt, lastAt: updatedAt }),
    createdAt: planCreated,
    updatedAt,
  };
  return { plan, assignments: history };
}

function oldRevision(rng: Rng, template: PlanTemplate): QuranRange {
  const surah = rng.pick(template.revision);
  const last = ayahCount(surah);
  const start = last <= 20 ? 1 : rng.int(1, last - 10);
  return { start: { surah, ayah: start }, end: { surah, ayah: Math.min(last, start + rng.int(8, 20) - 1) } };
}

export function explain(segments: AssignmentSegment[]): string {
  const label = { new_memorization: "Memorize", recent_revision: "Revise recent", old_revision: "Revise" } as const;
  return segments.map((segment) => `${label[segment.track_type]}: ${describeRange(segment.range)}`).join(". ") + ".";
}
