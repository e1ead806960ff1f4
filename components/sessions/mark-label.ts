import { ATTENDANCE_STATUSES } from "@/lib/contract";
import type { Translate } from "@/lib/i18n/core";

/** One of v1's four marks. */
export const isMark = (value: string): value is (typeof ATTENDANCE_STATUSES)[number] =>
  (ATTENDANCE_STATUSES as readonly string[]).includes(value);

/**
 * A register's mark in the reader's words, wherever one is shown (a session's table, the audit log,
 * the admins' excuse list): one of v1's four, "Not marked" for none, and a mark the school added
 * later as the school wrote it.
 */
export function markLabel(t: Translate, value: string | null): string {
  if (value === null) return t("live.status.unmarked");
  return isMark(value) ? t(`live.status.${value}`) : t("sessions.attendance.other", { status: value });
}
