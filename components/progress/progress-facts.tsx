import Link from "next/link";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Fact } from "@/components/ui/fact";
import type { StaffPlanProgress, TrackShare } from "@/lib/features/plans/plan-progress";
import { DataTable, RowHeader } from "@/components/ui/data-table";
import { TableCell, TableRow } from "@/components/ui/table";
import type { AttendanceFacts } from "@/lib/features/progress/figures";
import { attendanceRateText, streakText } from "@/lib/features/progress/attendance-words";
import type { MapWords } from "./map-text";

/** Each mark's count over the same sessions as the rate (staff student page). */
function MarkCounts({ facts, words }: { facts: AttendanceFacts; words: MapWords }) {
  const { t, number } = words;
  const rows = (["present", "late", "absent", "excused", "unmarked"] as const).map((key) => ({
    key,
    label: t(`students.attendance.${key}`),
    count: key === "absent" ? facts.missed : facts[key],
  }));
  const columns = [
    { label: t("quranMap.attendance.statusColumn") },
    { label: t("quranMap.attendance.countColumn"), align: "end" as const },
  ];
  return (
    <DataTable
      caption={t("quranMap.attendance.caption", { count: facts.counted + facts.excused + facts.unmarked })}
      columns={columns}
    >
      {rows.map((row) => (
        <TableRow key={row.key}>
          <RowHeader>{row.label}</RowHeader>
          <TableCell className="text-end font-medium tabular-nums">{number(row.count)}</TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}

/** Attendance rate and the current streak (figures.ts), with the counting rule under them; `counts` adds each mark's count. */
export function AttendanceFactsView({
  facts,
  note,
  words,
  counts = false,
}: {
  facts: AttendanceFacts;
  note?: string;
  words: MapWords;
  counts?: boolean;
}) {
  const { t } = words;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label={t("quranMap.attendance.rate")}>
          {facts.rate === null ? t("quranMap.attendance.noRate") : attendanceRateText(facts, words)}
        </Fact>
        <Fact label={t("quranMap.attendance.streak")}>{streakText(facts, words)}</Fact>
      </dl>
      {note ? (
        <p className="text-xs text-muted-foreground">{note}</p>
      ) : (
        <p className="text-xs text-muted-foreground">{t("quranMap.attendance.rule")}</p>
      )}
      {counts ? <MarkCounts facts={facts} words={words} /> : null}
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
  if (plan.state === "unavailable")
    return <p className="text-sm text-muted-foreground">{t("quranMap.plan.unavailable")}</p>;
  if (plan.state === "none") return <p className="text-sm text-muted-foreground">{t("quranMap.plan.none")}</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium">
        <bdi dir="auto">{plan.name}</bdi>
      </p>
      <TrackShares tracks={plan.tracks} words={words} />
      <p className="text-xs text-muted-foreground">{t("quranMap.plan.share")}</p>
      <Link
        href={`/plans/${encodeURIComponent(plan.id)}`}
        className="inline-flex min-h-6 items-center self-start text-sm font-medium text-primary underline underline-offset-4 print:hidden"
      >
        {t("quranMap.plan.open")}
      </Link>
    </div>
  );
}
