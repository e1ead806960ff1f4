import { EmptyState } from "@/components/ui/empty-state";
import { ProgressBar } from "@/components/ui/progress-bar";
import { TRACK_UNITS, type LearningPlan } from "@/lib/contract";
import { trackProgress } from "@/lib/features/plans/progress";
import type { SurahName } from "@/lib/features/students/recitations";
import type { I18n } from "@/i18n/server";
import { QuranPosition } from "./quran-position";

/** Each workload track: its kind, target per assignment, next position and how far it has come. */
export function TrackList({
  plan,
  surahs,
  i18n,
}: {
  plan: LearningPlan;
  surahs: ReadonlyMap<number, SurahName>;
  i18n: I18n;
}) {
  const { t, date } = i18n;
  if (!plan.tracks.length) return <EmptyState title={t("plans.tracks.empty")} />;
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {plan.tracks.map((track) => {
        const name = t(`students.recitations.kinds.${track.type}`);
        const percent = Math.round(trackProgress(plan, track) * 100);
        const unit = (TRACK_UNITS as readonly string[]).includes(track.unit)
          ? t(`plans.tracks.units.${track.unit as (typeof TRACK_UNITS)[number]}`, { count: track.target })
          : track.unit;
        return (
          <li key={track.type} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
            <h3 className="text-base font-semibold">{name}</h3>
            <p className="text-sm text-muted-foreground">
              {t("plans.tracks.target", { target: track.target, unit, tolerance: track.tolerance })}
            </p>
            <p className="text-sm">
              <span className="text-muted-foreground">{t("plans.tracks.next")}: </span>
              {track.next_position ? (
                <QuranPosition point={track.next_position} surahs={surahs} t={t} />
              ) : (
                t("plans.tracks.notStarted")
              )}
            </p>
            {track.completed_at ? (
              <p className="text-sm font-medium">{t("plans.tracks.completed", { time: date(track.completed_at) })}</p>
            ) : null}
            <ProgressBar
              label={t("plans.tracks.progress", { track: name })}
              percent={percent}
              text={t("plans.tracks.percent", { percent })}
            />
            <p className="text-xs text-muted-foreground">{t("plans.tracks.percent", { percent })}</p>
          </li>
        );
      })}
    </ul>
  );
}
