import Link from "next/link";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Fact } from "@/components/ui/fact";
import type { StaffPlanProgress, TrackShare } from "@/lib/features/progress/plan-progress";
import type { AttendanceFacts } from "@/lib/features/progress/student-facts";
import type { MapWords } from "./map-text";

/** Attendance rate and the current streak, with the counting rule under them. */
export function AttendanceFactsView({ facts, note, words }: { facts: AttendanceFacts; note?: string; words: MapWords }) {
  const { t } = words;
  const streak = facts.streak;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label={t("quranMap.attendance.rate")}>
          {facts.rate === null ? t("quranMap.attendance.noRate") : t("quranMap.attendance.rateValue", { percent: words.number(Math.round(facts.rate * 100)), count: facts.counted })}
        </Fact>
        <Fact label={t("quranMap.attendance.streak")}>{streak ? t(`quranMap.attendance.${streak.kind}`, { count: streak.sessions }) : t("quranMap.attendance.noStreak")}</Fact>
      </dl>
      <p className="text-xs text-muted-foreground">{t("quranMap.attendance.rule")}</p>
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
    </div>
  );
}

/** Each track of the current plan as a progress bar. */
export function TrackShares({ tracks, words }: { tracks: readonly TrackShare[]; words: MapWords }) {
  const { t } = words;
  return (
    <ul className="flex flex-col gap-3">
      {tracks.map((track) => {
        const name = t(`students.recitations.kinds.${track.type}`);
        const text = t("plans.tracks.percent", { percent: track.percent });
        return (
          <li key={track.type} className="flex flex-col gap-1 text-sm">
            <span className="flex justify-between gap-2">
              <span>{name}</span>
              <span className="tabular-nums text-muted-foreground">{text}</span>
            </span>
            <ProgressBar label={t("plans.tracks.progress", { track: name })} percent={track.percent} text={text} />
          </li>
        );
      })}
    </ul>
  );
}

/** The learning plan's progress on the staff student page, linking to the plan. */
export function StaffPlanProgressView({ plan, words }: { plan: StaffPlanProgress; words: MapWords }) {
  const { t } = words;
  if (plan.state === "unavailable") return <p className="text-sm text-muted-foreground">{t("quranMap.plan.unavailable")}</p>;
  if (plan.state === "none") return <p className="text-sm text-muted-foreground">{t("quranMap.plan.none")}</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium">
        <bdi dir="auto">{plan.name}</bdi>
      </p>
      <TrackShares tracks={plan.tracks} words={words} />
      <Link href={`/plans/${encodeURIComponent(plan.id)}`} className="inline-flex min-h-6 items-center self-start text-sm font-medium text-primary underline underline-offset-4 print:hidden">
        {t("quranMap.plan.open")}
      </Link>
    </div>
  );
}
