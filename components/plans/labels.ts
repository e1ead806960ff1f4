import { ASSIGNMENT_STATUSES, PLAN_STATUSES } from "@/lib/contract";
import type { Translate } from "@/lib/i18n/core";

const known = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** A plan state in words; a state the contract does not know yet is shown as it came, marked as other. */
export function planStatusLabel(t: Translate, status: string): string {
  return known(PLAN_STATUSES, status) ? t(`plans.status.${status}`) : t("plans.status.other", { status });
}

export function assignmentStatusLabel(t: Translate, status: string): string {
  return known(ASSIGNMENT_STATUSES, status)
    ? t(`plans.assignmentStatus.${status}`)
    : t("plans.assignmentStatus.other", { status });
}
