import { mapWords, rangeText } from "@/components/progress/map-text";
import { AttendanceFactsView, TrackShares } from "@/components/progress/progress-facts";
import { StudentProgress } from "@/components/progress/student-progress";
import { RECITATION_KINDS } from "@/lib/contract";
import type { ChildView } from "@/lib/features/family/queries";
import { todayIn } from "@/lib/features/halqas/dates";
import { newestRecitationsFirst } from "@/lib/features/students/recitations";
import type { I18n } from "@/lib/i18n/server";

type Props = { child: ChildView; i18n: I18n };

/** A plain summary for families: the latest recitation of each kind, attendance, and how far the current plan has come. */
export function ChildSummary({ child, i18n }: Props) {
  const words = mapWords(i18n, child.progress.ratingScale);
  const { t } = words;
  const newest = newestRecitationsFirst(child.progress.recitations);
  const latest = RECITATION_KINDS.flatMap((kind) => newest.filter((recitation) => recitation.kind === kind).slice(0, 1));
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <section aria-labelledby="lately-heading" className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
        <h3 id="lately-heading" className="text-base font-semibold">
          {t("quranMap.family.lately")}
        </h3>
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
      </section>
      <section aria-labelledby="family-attendance-heading" className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
        <h3 id="family-attendance-heading" className="text-base font-semibold">
          {t("quranMap.attendance.title")}
        </h3>
        <AttendanceFactsView facts={child.attendanceFacts} note={t("quranMap.family.attendanceWindow")} words={words} />
      </section>
      <section aria-labelledby="family-plan-heading" className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
        <h3 id="family-plan-heading" className="text-base font-semibold">
          {t("quranMap.family.plan")}
        </h3>
        {child.plan === "unavailable" ? (
          <p className="text-sm text-muted-foreground">{t("quranMap.plan.unavailable")}</p>
        ) : child.plan === null ? (
          <p className="text-sm text-muted-foreground">{t("quranMap.plan.none")}</p>
        ) : (
          <>
            <p className="text-sm">{child.plan.completed ? t("quranMap.family.planDone") : t("quranMap.family.planDue", { date: i18n.date(child.plan.targetDate) })}</p>
            <TrackShares tracks={child.plan.tracks} words={words} />
          </>
        )}
      </section>
    </div>
  );
}

/** The child's Quran map and rating trend. */
export function ChildMap({ child, i18n }: Props) {
  const { recitations, ratingScale, timeZone } = child.progress;
  return <StudentProgress recitations={recitations} scale={ratingScale} today={todayIn(timeZone)} timeZone={timeZone} words={mapWords(i18n, ratingScale)} panels={[]} />;
}
