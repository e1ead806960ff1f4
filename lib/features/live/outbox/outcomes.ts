/**
 * What the outbox makes of an answer: pure functions from the queue's items and a send's result to
 * its next items. Saved items leave, unless the teacher changed them meanwhile; refused ones stay,
 * failed, with the school's reason, until the teacher retries, fixes or discards them.
 */
import type { AttendanceRow } from "@/lib/contract";
import type { ActionResult } from "@/lib/actions/result";
import type { MarkInput, MarkStatus, MarkValue, QueuedMark, QueuedRecitation } from "../types";

/** How a send went: saved, refused for good (items failed), or worth trying again later. */
export type Outcome = "saved" | "failed" | "transient";

export function outcomeOf(result: ActionResult<unknown>): Outcome {
  return result.ok ? "saved" : result.retryable ? "transient" : "failed";
}

export function normalizeMark(value: MarkValue | MarkStatus): MarkValue {
  const mark = typeof value === "string" ? { status: value, late_minutes: null, note: null } : value;
  const note = mark.note?.trim() ? mark.note.trim() : null;
  return { status: mark.status, late_minutes: mark.status === "late" ? (mark.late_minutes ?? null) : null, note };
}

export function toInput(mark: QueuedMark): MarkInput {
  return {
    student_id: mark.student_id,
    status: mark.value.status,
    ...(mark.value.late_minutes != null ? { late_minutes: mark.value.late_minutes } : {}),
    ...(mark.value.note != null ? { note: mark.value.note } : {}),
    clientVersion: mark.version,
  };
}

/**
 * The marks after a batch's final answer. Saved: each leaves, unless a newer local version arrived
 * meanwhile (it stays pending). Refused: field errors name the students at fault (by id) and only
 * they fail; the others go again in the next batch. Without field errors the whole batch fails.
 */
export function marksAfter(
  marks: ReadonlyMap<string, QueuedMark>,
  batch: readonly QueuedMark[],
  result: ActionResult<unknown>,
): Map<string, QueuedMark> {
  const next = new Map(marks);
  const current = (mark: QueuedMark) => {
    const now = next.get(mark.student_id);
    return now && now.version === mark.version ? now : null;
  };
  if (result.ok) {
    for (const mark of batch) if (current(mark)) next.delete(mark.student_id);
    return next;
  }
  const atFault = new Set(
    Object.keys(result.fieldErrors ?? {}).filter((id) => batch.some((mark) => mark.student_id === id)),
  );
  for (const mark of batch) {
    const now = current(mark);
    if (!now || (atFault.size > 0 && !atFault.has(mark.student_id))) continue;
    const reason = result.fieldErrors?.[mark.student_id] ?? result.message;
    next.set(mark.student_id, {
      ...now,
      state: "failed",
      reason,
      fieldErrors: result.fieldErrors?.[mark.student_id] ? { student_id: reason } : undefined,
    });
  }
  return next;
}

/** The recitations after one's final answer: saved, it leaves; refused, it stays failed with the reason. */
export function recitationsAfter(
  recs: readonly QueuedRecitation[],
  clientId: string,
  result: ActionResult<unknown>,
): QueuedRecitation[] {
  if (result.ok) return recs.filter((r) => r.clientId !== clientId);
  return recs.map((r) =>
    r.clientId === clientId ? { ...r, state: "failed", reason: result.message, fieldErrors: result.fieldErrors } : r,
  );
}

/** Why writes stay refused after this answer: a success lifts the block, a blocking refusal sets it. */
export function writeBlockAfter(previous: string | null, result: ActionResult<unknown>): string | null {
  if (result.ok) return null;
  return result.blocked ? result.message : previous;
}

/** Keeps each student's newest saved row, as the server stored it. */
export function rememberRows(saved: Map<string, AttendanceRow>, rows: readonly AttendanceRow[]): void {
  for (const row of rows) {
    const previous = saved.get(row.student_id);
    if (!previous || Date.parse(row.updated_at) >= Date.parse(previous.updated_at)) saved.set(row.student_id, row);
  }
}
