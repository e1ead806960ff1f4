import { eq, max } from "drizzle-orm";
import { z } from "zod";
import { ASSIGNMENT_STATUSES, type Assignment, AssignmentSegment, CalendarDate, Id } from "@/lib/contract";
import type { Db } from "../db/client";
import { assignments, learningPlans } from "../db/schema";
import { ApiError, notFound } from "../errors";
import { newId } from "../ids";
import { toAssignment } from "../mappers";
import { bumpedAt, parseInput } from "./input";

/** `superseded` is reached only by replacing; no one sets it directly. */
const SETTABLE_STATUSES = ASSIGNMENT_STATUSES.filter((status) => status !== "superseded") as [string, ...string[]];
const AssignmentStatus = z.enum(SETTABLE_STATUSES, { error: `must be one of ${SETTABLE_STATUSES.join(", ")}` });
const SHOWN = new Set(["published", "in_progress", "completed"]);

export const Segments = z
  .array(AssignmentSegment)
  .min(1, "give at least one segment")
  .max(20, "at most 20 segments")
  .superRefine((segments, ctx) => {
    segments.forEach((segment, index) => {
      if (segment.order !== index + 1)
        ctx.addIssue({
          code: "custom",
          message: `order must be ${index + 1}: segments are numbered 1, 2, 3… in order`,
          path: [index, "order"],
        });
    });
  });

const ReplaceChanges = z.strictObject({
  dueDate: CalendarDate.optional(),
  segments: Segments.optional(),
  explanation: z.string().trim().max(1000, "must be at most 1000 characters").nullable().optional(),
  status: AssignmentStatus.optional(),
  staffNote: z.string().trim().max(1000, "must be at most 1000 characters").nullable().optional(),
});
export type ReplaceChanges = z.input<typeof ReplaceChanges>;

export type Replacement = { replaced: Assignment; replacement: Assignment };

/** Timestamps an assignment reaching `status` gets, keeping those it already has. */
function lifecycleStamps(
  status: string,
  now: Date,
  current: { publishedAt: Date | null; startedAt: Date | null; completedAt: Date | null },
) {
  const started = status === "in_progress" || status === "completed";
  return {
    publishedAt: SHOWN.has(status) ? (current.publishedAt ?? now) : current.publishedAt,
    startedAt: started ? (current.startedAt ?? now) : current.startedAt,
    completedAt: status === "completed" ? (current.completedAt ?? now) : current.completedAt,
  };
}

/**
 * Replaces an assignment the way staff do in the school's application: the old one is kept,
 * marked `superseded` with the time and a link to the replacement, which takes the plan's next
 * sequence. The plan's `updated_at` moves so incremental sync sees the change.
 */
export async function replaceAssignment(
  db: Db,
  assignmentId: string,
  changes: ReplaceChanges = {},
): Promise<Replacement> {
  const id = parseInput(Id, assignmentId, "assignment id");
  const input = parseInput(ReplaceChanges, changes, "replacement");
  return db.transaction(async (tx) => {
    // Row locks make a concurrent second replacement of the same assignment see it superseded.
    const [old] = await tx.select().from(assignments).where(eq(assignments.id, id)).for("update");
    if (!old) throw notFound("Assignment");
    if (old.status === "superseded") {
      throw new ApiError("conflict", "This assignment was already replaced; replace its replacement instead", {
        replaced_by_assignment_id: old.replacedByAssignmentId,
      });
    }
    // Locks the plan so two replacements in one plan cannot take the same sequence.
    await tx.select({ id: learningPlans.id }).from(learningPlans).where(eq(learningPlans.id, old.planId)).for("update");
    const [last] = await tx
      .select({ sequence: max(assignments.sequence) })
      .from(assignments)
      .where(eq(assignments.planId, old.planId));
    const now = new Date();
    const status = input.status ?? old.status;
    const [created] = await tx
      .insert(assignments)
      .values({
        id: newId("asg", now.getTime()),
        schoolId: old.schoolId,
        planId: old.planId,
        studentId: old.studentId,
        sequence: (last?.sequence ?? old.sequence) + 1,
        dueDate: input.dueDate ?? old.dueDate,
        status,
        source: "staff",
        explanation: input.explanation === undefined ? old.explanation : input.explanation,
        staffNote: input.staffNote ?? null,
        segments: input.segments ?? old.segments,
        ...lifecycleStamps(status, now, { publishedAt: null, startedAt: null, completedAt: null }),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error("insert returned no row");
    const [replaced] = await tx
      .update(assignments)
      .set({ status: "superseded", supersededAt: now, replacedByAssignmentId: created.id, updatedAt: now })
      .where(eq(assignments.id, old.id))
      .returning();
    if (!replaced) throw new Error("update returned no row");
    await tx
      .update(learningPlans)
      .set({ updatedAt: bumpedAt(now) })
      .where(eq(learningPlans.id, old.planId));
    return { replaced: toAssignment(replaced), replacement: toAssignment(created) };
  });
}

/** Moves an assignment through its lifecycle (publish, start, complete, postpone, cancel…). */
export async function setAssignmentStatus(db: Db, assignmentId: string, status: string): Promise<Assignment> {
  const id = parseInput(Id, assignmentId, "assignment id");
  const next = parseInput(z.strictObject({ status: AssignmentStatus }), { status }, "assignment status").status;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(assignments).where(eq(assignments.id, id)).for("update");
    if (!current) throw notFound("Assignment");
    if (current.status === "superseded") {
      throw new ApiError("conflict", "A superseded assignment keeps its state; change its replacement instead", {
        replaced_by_assignment_id: current.replacedByAssignmentId,
      });
    }
    if (current.status === next) return toAssignment(current);
    const now = new Date();
    const [updated] = await tx
      .update(assignments)
      .set({ status: next, ...lifecycleStamps(next, now, current), updatedAt: now })
      .where(eq(assignments.id, id))
      .returning();
    if (!updated) throw new Error("update returned no row");
    await tx
      .update(learningPlans)
      .set({ updatedAt: bumpedAt(now) })
      .where(eq(learningPlans.id, current.planId));
    return toAssignment(updated);
  });
}
