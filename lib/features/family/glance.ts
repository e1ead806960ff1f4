import type { ChildView } from "./queries";
import type { ParentAssignment, ParentPlanProgress } from "@/lib/features/plans/parent-view";
import type { TrackShare } from "@/lib/features/plans/plan-progress";
import { rangeText, surahName, type RangeWords } from "@/lib/features/progress/range-text";

/**
 * What a family reads first about a child (issue 58.5), in their language and from the parent-safe
 * view only (`childView`): today's class and what to practise this week. The family home, the top of
 * the child's page and the weekly e-mail say it with these functions.
 */

/**
 * What one assignment asks of the child, from its structured segments (never the school's own text,
 * which is shown beside it as written): "memorise Al-Falaq 1–3 and revise An-Nas 1–6".
 */
export function assignmentWork(segments: ParentAssignment["segments"], words: RangeWords): string {
  const { t, locale } = words;
  const parts = segments.map((segment) =>
    t(segment.trackType === "new_memorization" ? "family.glance.memorise" : "family.glance.revise", {
      range: rangeText(segment.start, segment.end, words),
    }),
  );
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(parts);
}

/** "This week: memorise … and revise …", from the current (published or started) assignments; null when plans are not shared. */
export function weekText(child: Pick<ChildView, "assignments">, words: RangeWords): string | null {
  if (!child.assignments) return null;
  const segments = child.assignments.current.flatMap((assignment) => assignment.segments);
  if (!segments.length) return words.t("family.glance.weekNone");
  return words.t("family.glance.week", { work: assignmentWork(segments, words) });
}

/**
 * Today's class as the family sees it: the mark of the day's latest session (a later register
 * supersedes an earlier one of the same day), "under way" while it is open and unmarked.
 */
export function todayText(child: Pick<ChildView, "attendance">, today: string, { t }: Pick<RangeWords, "t">): string {
  const latest = child.attendance
    .filter((mark) => mark.date === today)
    .toSorted((a, b) => b.startsAt.localeCompare(a.startsAt))[0];
  if (!latest) return t("family.glance.noClass");
  if (latest.status) return t("family.glance.today", { status: t(`students.attendance.${latest.status}`) });
  return t(latest.open ? "family.glance.underWay" : "family.glance.notMarked");
}

/** One track of the plan in a sentence: "New memorisation: 12% of the way from An-Naas to Al-Mulk." */
export function trackText(
  track: TrackShare,
  plan: Pick<ParentPlanProgress, "from" | "to">,
  { t, locale, number }: RangeWords,
): string {
  const kind = t(`students.recitations.kinds.${track.type}`);
  if (track.completed || track.percent >= 100) return t("family.glance.trackDone", { kind });
  if (track.percent <= 0) return t("family.glance.trackNotStarted", { kind });
  return t("family.glance.track", {
    kind,
    percent: number(track.percent),
    from: surahName(plan.from.surah, locale),
    to: surahName(plan.to.surah, locale),
  });
}
