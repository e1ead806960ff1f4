"use client";

import type { RowProblem } from "@/lib/features/students/import/check-rows";
import type { RowOutcome } from "@/lib/features/students/import/run-batch";
import type { ClientTranslate } from "@/lib/i18n/client";

/** A row's problem in the reader's words: the student form's own rule for a value the school's rules refuse. */
export function problemText(t: ClientTranslate<"students">, problem: RowProblem): string {
  if (problem.key === "invalid")
    return t(`form.fieldErrors.${problem.column === "halqa" ? "halqa_id" : (problem.column ?? "generic")}`);
  return t(`import.problems.${problem.key}`, problem.values);
}

/** What became of a row, in the reader's words. */
export function outcomeText(t: ClientTranslate<"students">, outcome: RowOutcome): string {
  if (outcome.state === "refused") return t("import.outcome.refused", { message: outcome.message });
  return t(`import.outcome.${outcome.state}`);
}
