import { DataTable, RowHeader } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { mapWords } from "@/components/progress/map-text";
import { AttendanceFactsView } from "@/components/progress/progress-facts";
import { QuranMapView } from "@/components/progress/quran-map";
import { RatingTrend } from "@/components/progress/rating-trend";
import { RangeLabel } from "@/components/students/recitation-history";
import { TableCell, TableRow } from "@/components/ui/table";
import { PageSection } from "@/components/ui/page-section";
import { RECITATION_KINDS } from "@/lib/contract";
import type { loadStudentReport } from "@/lib/features/progress/student-report";
import { quranMap } from "@/lib/features/progress/quran-map";
import { ratingTrend } from "@/lib/features/progress/student-facts";
import { dateIn } from "@/lib/dates";
import { surahsFromMushaf } from "@/lib/features/progress/surah-names";
import type { I18n } from "@/lib/i18n/core";
import { ReportFact } from "./report-parts";

type Report = NonNullable<Awaited<ReturnType<typeof loadStudentReport>>>;

/** The body of a student's printed report: the period's figures, the map at its end, the trend and every recitation of it. */
export function StudentReportBody({ report, i18n }: { report: Report; i18n: I18n }) {
  const { t, number, date } = i18n;
  const { figures, period, school } = report;
  const words = mapWords(i18n, school.rating_scale);
  const today = dateIn(school.time_zone);
  // Currency as of the period's end, or today for a period still running.
  const map = quranMap(report.until, period.to < today ? period.to : today, school.time_zone);
  const surahs = surahsFromMushaf();
  return (
    <>
      <PageSection id="figures-heading" title={t("progressReport.summary.title")}>
        <dl className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-3 print:grid-cols-3">
          <ReportFact label={t("progressReport.summary.recitations")}>
            <ul>
              {RECITATION_KINDS.map((kind) => (
                <li key={kind}>
                  {t("progressReport.summary.byKind", {
                    kind: t(`students.recitations.kinds.${kind}`),
                    count: figures.byKind[kind],
                  })}
                </li>
              ))}
            </ul>
          </ReportFact>
          <ReportFact label={t("progressReport.summary.newAyahs")}>
            {t("progressReport.summary.newAyahsValue", { count: figures.newAyahs })}
          </ReportFact>
          <ReportFact label={t("progressReport.summary.meanRating")}>
            {figures.meanRating === null
              ? t("progressReport.summary.none")
              : `${number(Math.round(figures.meanRating * 10) / 10)} (${words.rating(Math.round(figures.meanRating))})`}
          </ReportFact>
        </dl>
        <div className="rounded-xl border border-border bg-card p-4">
          <AttendanceFactsView facts={figures.attendance} words={words} />
        </div>
      </PageSection>
      <PageSection id="map-heading" title={t("progressReport.map.title")} className="break-before-page">
        <QuranMapView map={map} words={words} print />
      </PageSection>
      <PageSection id="trend-heading" title={t("quranMap.trend.title")}>
        <RatingTrend
          points={ratingTrend(figures.recitations, school.time_zone, 62)}
          scale={school.rating_scale}
          words={words}
        />
      </PageSection>
      <PageSection id="recitations-heading" title={t("progressReport.recitations.title")}>
        {figures.recitations.length === 0 ? (
          <EmptyState title={t("progressReport.recitations.empty")} />
        ) : (
          <DataTable
            caption={t("progressReport.recitations.caption")}
            columns={(["date", "kind", "range", "rating", "mistakes"] as const).map((column) => ({
              label: t(`students.recitations.${column}`),
            }))}
          >
            {figures.recitations.map((recitation) => (
              <TableRow key={recitation.id} className="break-inside-avoid align-top">
                <RowHeader>{date(recitation.recorded_at, { hijri: true })}</RowHeader>
                <TableCell>{t(`students.recitations.kinds.${recitation.kind}`)}</TableCell>
                <TableCell>
                  <RangeLabel range={recitation.range} surahs={surahs} t={t} number={number} />
                </TableCell>
                <TableCell>{words.rating(recitation.rating)}</TableCell>
                <TableCell className="tabular-nums">
                  {recitation.mistakes === null ? "" : number(recitation.mistakes)}
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        )}
      </PageSection>
    </>
  );
}
