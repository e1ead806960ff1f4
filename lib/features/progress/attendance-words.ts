import type { Translate } from "@/lib/i18n/core";
import { wholePercent } from "@/lib/percent";
import type { AttendanceFacts } from "./figures";

/** What the sentences need: the reader's messages and their digits. */
export type AttendanceWords = { t: Translate; number: (value: number) => string };

/**
 * The one way an attendance rate reads, wherever it is shown (the student and family pages, the
 * halqa report, the weekly e-mail): "62%: attended 18 of 29 sessions, missed 11".
 */
export function attendanceRateText(facts: AttendanceFacts, { t, number }: AttendanceWords): string {
  if (facts.rate === null) return t("quranMap.attendance.noRate");
  return t("quranMap.attendance.rateValue", {
    percent: number(wholePercent(facts.rate)),
    attended: number(facts.attended),
    count: facts.counted,
    missed: number(facts.missed),
  });
}

/** The one way the current streak reads: "attended the last 6 sessions", "missed the last session", "None yet". */
export function streakText(facts: AttendanceFacts, { t }: Pick<AttendanceWords, "t">): string {
  const streak = facts.streak;
  return streak
    ? t(`quranMap.attendance.${streak.kind}`, { count: streak.sessions })
    : t("quranMap.attendance.noStreak");
}
