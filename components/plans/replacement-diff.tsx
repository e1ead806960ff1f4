import { ASSIGNMENT_SOURCES, type AssignmentSegment } from "@/lib/contract";
import type { AssignmentDiff } from "@/lib/features/plans/changes";
import { diffIsEmpty } from "@/lib/features/plans/changes";
import type { SurahName } from "@/lib/features/students/recitations";
import type { Translate } from "@/lib/i18n/core";
import type { I18n } from "@/i18n/server";
import { assignmentStatusLabel } from "./labels";
import { SegmentLine } from "./segment-line";

export function sourceLabel(t: Translate, source: string): string {
  return (ASSIGNMENT_SOURCES as readonly string[]).includes(source)
    ? t(`plans.timeline.sources.${source as (typeof ASSIGNMENT_SOURCES)[number]}`)
    : source;
}

function Segments({
  title,
  segments,
  surahs,
  i18n,
}: {
  title: string;
  segments: AssignmentSegment[];
  surahs: ReadonlyMap<number, SurahName>;
  i18n: I18n;
}) {
  const { t, number } = i18n;
  return (
    <div className="flex flex-col gap-1">
      <h5 className="text-sm font-medium">{title}</h5>
      <ul className="flex flex-col gap-1">
        {segments.map((segment) => (
          <SegmentLine
            key={`${segment.order}-${segment.track_type}`}
            segment={segment}
            surahs={surahs}
            t={t}
            number={number}
          />
        ))}
      </ul>
    </div>
  );
}

/** What a replacement changed from the assignment it replaced: segments, due date, state and source. */
export function ReplacementDiff({
  diff,
  from,
  surahs,
  i18n,
  headingId,
}: {
  diff: AssignmentDiff;
  from: number;
  surahs: ReadonlyMap<number, SurahName>;
  i18n: I18n;
  headingId: string;
}) {
  const { t, date } = i18n;
  const due = { days: Math.abs(diff.dueDays), from: date(diff.dueFrom), to: date(diff.dueTo) };
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-lg border border-dashed border-border p-3"
    >
      <h4 id={headingId} className="text-sm font-semibold">
        {t("plans.timeline.diff.title", { number: from })}
      </h4>
      {diffIsEmpty(diff) ? (
        <p className="text-sm text-muted-foreground">{t("plans.timeline.diff.nothing")}</p>
      ) : (
        <>
          {diff.added.length ? (
            <Segments title={t("plans.timeline.diff.added")} segments={diff.added} surahs={surahs} i18n={i18n} />
          ) : null}
          {diff.removed.length ? (
            <Segments title={t("plans.timeline.diff.removed")} segments={diff.removed} surahs={surahs} i18n={i18n} />
          ) : null}
          <p className="text-sm">
            {diff.dueDays > 0
              ? t("plans.timeline.diff.dueLater", due)
              : diff.dueDays < 0
                ? t("plans.timeline.diff.dueEarlier", due)
                : t("plans.timeline.diff.dueSame")}
          </p>
          {diff.status ? (
            <p className="text-sm">
              {t("plans.timeline.diff.state", {
                from: assignmentStatusLabel(t, diff.status.from),
                to: assignmentStatusLabel(t, diff.status.to),
              })}
            </p>
          ) : null}
          {diff.source ? (
            <p className="text-sm">
              {t("plans.timeline.diff.source", {
                from: sourceLabel(t, diff.source.from),
                to: sourceLabel(t, diff.source.to),
              })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
