import { ScrollTable } from "@/components/ui/scroll-table";
import { RowHeader } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { mapWords } from "@/components/progress/map-text";
import { attendanceRateText } from "@/lib/features/progress/attendance-words";
import { TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { loadHalqaReport } from "@/lib/features/progress/halqa-report";
import type { JuzActivity } from "@/lib/features/progress/report";
import type { I18n } from "@/lib/i18n/core";
import { isRightToLeft } from "@/lib/i18n/locales";

type Report = NonNullable<Awaited<ReturnType<typeof loadHalqaReport>>>;

const FILL: Record<Exclude<JuzActivity, null> | "none", string> = { new: "qm-w", revision: "qm-m", none: "qm-b" };

/** A student's 30 juz as one strip (juz 1 first, right to left in Arabic), described in words for screen readers. */
function JuzStrip({ juz, i18n }: { juz: JuzActivity[]; i18n: I18n }) {
  const { t, number, locale, separator } = i18n;
  const list = (kind: JuzActivity) =>
    juz
      .flatMap((activity, at) => (activity === kind ? [number(at + 1)] : []))
      .join(isRightToLeft(locale) ? "، " : ", ");
  const said = [
    list("new")
      ? t("progressReport.halqa.juzCell", { number: list("new"), what: t("progressReport.halqa.memorised") })
      : null,
    list("revision")
      ? t("progressReport.halqa.juzCell", { number: list("revision"), what: t("progressReport.halqa.revised") })
      : null,
  ].filter(Boolean);
  const label = said.length ? said.join(separator) : t("progressReport.halqa.untouched");
  return (
    <svg viewBox="0 0 300 12" role="img" aria-label={label} className="h-3 w-60 print:w-48">
      {juz.map((activity, at) => (
        <rect
          key={at}
          x={(isRightToLeft(locale) ? 29 - at : at) * 10}
          width={9}
          height={12}
          rx={1.5}
          className={FILL[activity ?? "none"]}
        />
      ))}
    </svg>
  );
}

/** The halqa report's table: one row per student with the period's figures and juz strip. */
export function HalqaReportTable({ report, i18n }: { report: Report; i18n: I18n }) {
  const { t, number } = i18n;
  const words = mapWords(i18n, report.school.rating_scale);
  if (!report.rows.length) return <EmptyState title={t("progressReport.halqa.empty")} />;
  const columns = [
    t("progressReport.halqa.student"),
    t("progressReport.halqa.attendance"),
    t("progressReport.halqa.recitations"),
    t("progressReport.halqa.newAyahs"),
    t("progressReport.halqa.meanRating"),
    t("progressReport.halqa.juz"),
  ].map((label) => ({ label }));
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">{t("progressReport.halqa.juzLegend")}</p>
      {/* A labelled, focusable box: on a tablet the table scrolls sideways. */}
      <ScrollTable label={t("progressReport.halqa.caption")} className="rounded-xl border border-border bg-card">
        <TableCaption className="sr-only">{t("progressReport.halqa.caption")}</TableCaption>
        <TableHeader className="bg-muted/60">
          <TableRow className="hover:bg-transparent">
            {columns.map((column) => (
              <TableHead key={column.label}>{column.label}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.rows.map(({ student, attendance, recitations, meanRating, memorisedAyahs, juz }) => (
            <TableRow key={student.id} className="break-inside-avoid">
              <RowHeader>
                <bdi dir="auto">{student.full_name}</bdi>
              </RowHeader>
              <TableCell className="tabular-nums">{attendanceRateText(attendance, { t, number })}</TableCell>
              <TableCell className="tabular-nums">{number(recitations)}</TableCell>
              <TableCell className="tabular-nums">
                {t("progressReport.summary.newAyahsValue", { count: memorisedAyahs })}
              </TableCell>
              <TableCell>
                {meanRating === null
                  ? t("progressReport.summary.none")
                  : `${number(Math.round(meanRating * 10) / 10)} (${words.rating(Math.round(meanRating))})`}
              </TableCell>
              <TableCell>
                <JuzStrip juz={juz} i18n={i18n} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
    </div>
  );
}
