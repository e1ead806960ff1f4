import { mapWords, rangeText } from "@/components/progress/map-text";
import { AttendanceFactsView } from "@/components/progress/progress-facts";
import { ProgressBar } from "@/components/ui/progress-bar";
import { trackText } from "@/lib/features/family/glance";
import type { ParentPlanProgress } from "@/lib/features/plans/parent-view";
import { StudentProgress } from "@/components/progress/student-progress";
import { PageSection } from "@/components/ui/page-section";
import { RECITATION_KINDS } from "@/lib/contract";
import type { ChildView } from "@/lib/features/family/queries";
import { dateIn } from "@/lib/dates";
import { newestRecitationsFirst } from "@/lib/features/students/recitations";
import type { I18n } from "@/i18n/server";

type Props = { child: ChildView; i18n: I18n };

/** A plain summary for families: the latest recitation of each kind, attendance, and how far the current plan has come. */
export function ChildSummary({ child, i18n }: Props) {
  const words = mapWords(i18n, child.progress.ratingScale);
  const { t } = words;
  const newest = newestRecitationsFirst(child.progress.recitations);
  const latest = RECITATION_KINDS.flatMap((kind) =>
    newest.filter((recitation) => recitation.kind === kind).slice(0, 1),
  );
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <PageSection
        id="lately-heading"
        level={3}
        title={t("quranMap.family.lately")}
        className="gap-2 rounded-xl border border-border bg-card p-4"
      >
        {latest.length ? (
          <ul className="flex flex-col gap-1 text-sm">
            {latest.map((recitation) => (
              <li key={recitation.id}>
                {t("quranMap.family.latest", {
                  kind: t(`students.recitations.kinds.${recitation.kind}`),
                  range: rangeText(recitation.range.start, recitation.range.end, words),
                  date: i18n.date(recitation.recorded_at),
                  rating: words.rating(recitation.rating),
                })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("quranMap.family.nothingLately")}</p>
        )}
      </PageSection>
      <PageSection
        id="family-attendance-heading"
        level={3}
        title={t("quranMap.attendance.title")}
        className="gap-2 rounded-xl border border-border bg-card p-4"
      >
        <AttendanceFactsView facts={child.attendanceFacts} note={t("quranMap.family.attendanceWindow")} words={words} />
      </PageSection>
      <PageSection
        id="family-plan-heading"
        level={3}
        title={t("quranMap.family.plan")}
        className="gap-2 rounded-xl border border-border bg-card p-4"
      >
        {child.plan === "unavailable" ? (
          <p className="text-sm text-muted-foreground">{t("quranMap.plan.unavailable")}</p>
        ) : child.plan === null ? (
          <p className="text-sm text-muted-foreground">{t("quranMap.plan.none")}</p>
        ) : (
          <>
            <p className="text-sm">
              {child.plan.completed
                ? t("quranMap.family.planDone")
                : t("quranMap.family.planDue", { date: i18n.date(child.plan.targetDate) })}
            </p>
            <FamilyTracks plan={child.plan} i18n={i18n} />
          </>
        )}
      </PageSection>
    </div>
  );
}

/** Each track of the plan in a sentence a parent reads (where from, where to, how far), with its bar. */
function FamilyTracks({ plan, i18n }: { plan: ParentPlanProgress; i18n: I18n }) {
  return (
    <ul className="flex flex-col gap-3">
      {plan.tracks.map((track) => {
        const text = trackText(track, plan, i18n);
        return (
          <li key={track.type} className="flex flex-col gap-1 text-sm">
            <span>{text}</span>
            <ProgressBar
              label={i18n.t("plans.tracks.progress", { track: i18n.t(`students.recitations.kinds.${track.type}`) })}
              percent={track.percent}
              text={text}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** The child's Quran map and rating trend. */
export function ChildMap({ child, i18n }: Props) {
  const { recitations, ratingScale, timeZone } = child.progress;
  return (
    <StudentProgress
      recitations={recitations}
      scale={ratingScale}
      today={dateIn(timeZone)}
      timeZone={timeZone}
      words={mapWords(i18n, ratingScale)}
      panels={[]}
    />
  );
}
