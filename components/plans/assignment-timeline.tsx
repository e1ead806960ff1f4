import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { linkClass } from "@/components/ui/text-link";
import { Badge } from "@/components/ui/badge";
import type { AssignmentSegment } from "@/lib/contract";
import type { TimelineEntry } from "@/lib/features/plans/timeline";
import type { SurahName } from "@/lib/features/students/recitations";
import type { Translate } from "@/lib/i18n/core";
import type { I18n } from "@/i18n/server";
import { textLanguage } from "@/lib/i18n/text-language";
import { cn } from "@/lib/utils";
import { assignmentStatusLabel } from "./labels";
import { ReplacementDiff, sourceLabel } from "./replacement-diff";
import { SegmentLine } from "./segment-line";

/** The page anchor of an assignment in the timeline (an id taken from the response, never parsed). */
export const assignmentAnchor = (id: string) => `assignment-${id}`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Ordered Quran segments as readable ranges, each with its track. */
export function SegmentList({
  segments,
  surahs,
  t,
  number,
}: {
  segments: readonly AssignmentSegment[];
  surahs: ReadonlyMap<number, SurahName>;
  t: Translate;
  number: (n: number) => string;
}) {
  return (
    <ol className="flex flex-col gap-1">
      {segments
        .toSorted((a, b) => a.order - b.order)
        .map((segment) => (
          <SegmentLine key={segment.order} segment={segment} surahs={surahs} t={t} number={number} />
        ))}
    </ol>
  );
}

/** The whole assignment history: replaced items stay, linked forward to their replacement and back. */
export function AssignmentTimeline({
  entries,
  surahs,
  i18n,
}: {
  entries: TimelineEntry[];
  surahs: ReadonlyMap<number, SurahName>;
  i18n: I18n;
}) {
  const { t, date, number } = i18n;
  if (!entries.length) return <EmptyState title={t("plans.timeline.empty")} />;
  const when = (value: string | null) => (value ? date(value, { time: true }) : null);
  return (
    <ol className="flex flex-col gap-4 border-s-2 border-border ps-4">
      {entries.map(({ assignment, number: position, replaces, replacedBy, staffOnly, changes }) => {
        const source = sourceLabel(t, assignment.source);
        return (
          <li
            key={assignment.id}
            id={assignmentAnchor(assignment.id)}
            className={cn(
              "scroll-mt-24 rounded-xl border border-border bg-card p-4",
              assignment.superseded_at && "bg-muted/40",
            )}
          >
            <article aria-labelledby={`${assignmentAnchor(assignment.id)}-title`} className="flex flex-col gap-3">
              <header className="flex flex-wrap items-center gap-2">
                <h3 id={`${assignmentAnchor(assignment.id)}-title`} className="text-base font-semibold">
                  {t("plans.timeline.number", { number: position })}
                </h3>
                <Badge
                  variant={
                    assignment.status === "superseded" || assignment.status === "cancelled" ? "outline" : "secondary"
                  }
                >
                  {assignmentStatusLabel(t, assignment.status)}
                </Badge>
                {staffOnly ? <Badge variant="warning">{t("plans.timeline.staffOnly")}</Badge> : null}
                <span className="text-sm text-muted-foreground">
                  {t("plans.timeline.due", { date: date(assignment.due_date, { hijri: true }) })}
                </span>
              </header>
              {replacedBy || assignment.superseded_at ? (
                <p className="text-sm">
                  {t("plans.timeline.replacedBy", { time: when(assignment.superseded_at) ?? "—" })}{" "}
                  {replacedBy ? (
                    <a href={`#${assignmentAnchor(replacedBy.id)}`} className={linkClass}>
                      {t("plans.timeline.number", { number: replacedBy.number })}
                    </a>
                  ) : null}
                </p>
              ) : null}
              {replaces ? (
                <p className="text-sm">
                  {t("plans.timeline.replaces")}{" "}
                  <a href={`#${assignmentAnchor(replaces.id)}`} className={linkClass}>
                    {t("plans.timeline.number", { number: replaces.number })}
                  </a>
                </p>
              ) : null}
              {replaces && changes ? (
                <ReplacementDiff
                  diff={changes}
                  from={replaces.number}
                  surahs={surahs}
                  i18n={i18n}
                  headingId={`${assignmentAnchor(assignment.id)}-diff`}
                />
              ) : null}
              <dl className="flex flex-wrap gap-x-6 gap-y-1">
                <Fact label={t("plans.timeline.source")}>{source}</Fact>
                {assignment.published_at ? (
                  <Fact label={t("plans.timeline.published")}>{when(assignment.published_at)}</Fact>
                ) : null}
                {assignment.started_at ? (
                  <Fact label={t("plans.timeline.started")}>{when(assignment.started_at)}</Fact>
                ) : null}
                {assignment.completed_at ? (
                  <Fact label={t("plans.timeline.completed")}>{when(assignment.completed_at)}</Fact>
                ) : null}
              </dl>
              {assignment.explanation ? (
                <p className="text-sm">
                  <span className="text-muted-foreground">{t("plans.timeline.explanation")}: </span>
                  <bdi lang={textLanguage(assignment.explanation)} dir="auto">
                    {assignment.explanation}
                  </bdi>
                </p>
              ) : null}
              <div className="flex flex-col gap-1">
                <h4 className="text-sm font-medium">{t("plans.timeline.segments")}</h4>
                {assignment.segments.length ? (
                  <SegmentList segments={assignment.segments} surahs={surahs} t={t} number={number} />
                ) : (
                  <p className="text-sm text-muted-foreground">{t("plans.timeline.noSegments")}</p>
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
