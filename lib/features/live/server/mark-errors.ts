import "server-only";
import type { MessageKey } from "@/lib/i18n/core";
import { failureOf, isInvalidInput, v1Error } from "@/lib/v1";

const ROW_PATH = /^rows\.(\d+)(?:\.(.+))?$/;

/**
 * The school's field errors of an attendance PUT (`rows.3.student_id`) keyed by the student of that
 * row, as catalogue keys (the register says them in the teacher's words). A batch index means nothing to the browser: the write path drops
 * rows a newer batch superseded before sending, so index 3 of the PUT is not index 3 of the queue's
 * batch. Anything but a validation failure is returned as it is.
 */
export function markErrorsByStudent(error: unknown, rows: readonly { student_id: string }[]): unknown {
  const failure = failureOf(error);
  if (!failure || !isInvalidInput(failure)) return error;
  const byStudent: Record<string, MessageKey> = {};
  for (const path of Object.keys(failure.fieldErrors)) {
    const match = ROW_PATH.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    if (!match || !row) continue;
    const field = match[2] ?? "student_id";
    byStudent[row.student_id] ??= field === "student_id" ? "errors.markNotEligible" : "errors.markInvalid";
  }
  return v1Error(
    failure.code,
    failure.status,
    "attendance rows refused",
    { fields: byStudent },
    { operation: failure.operation ?? undefined },
  );
}
