// v1 call budget: V1_CALL_BUDGETS["/halqas/[id]/report"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { HalqaReportTable } from "@/components/reports/halqa-report";
import { periodText, ReportFact } from "@/components/reports/report-parts";
import { ReportPage } from "@/components/reports/report-page";
import { PageSection } from "@/components/ui/page-section";
import { loadHalqaReport } from "@/lib/features/progress/halqa-report";
import type { SearchParams } from "@/lib/web/search-params";
import { pageTitle } from "@/i18n/page-title";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export const generateMetadata = pageTitle("progressReport.title");

/** A halqa's printable monthly or term report: each student's figures and juz for the period. */
export default function HalqaReportPage(props: Props) {
  return (
    <ReportPage
      {...props}
      base="/halqas"
      load={loadHalqaReport}
      parts={(report, i18n) => {
        const { t } = i18n;
        return {
          back: report.halqa.name,
          title: t("progressReport.halqaTitle", { name: report.halqa.name }),
          facts: (
            <>
              <ReportFact label={t("progressReport.facts.semester")}>
                <bdi dir="auto">{report.semester?.name ?? t("students.notRecorded")}</bdi>
              </ReportFact>
              <ReportFact label={t("progressReport.facts.period")}>
                {periodText(report.period, i18n)}
                <span className="block text-sm font-normal text-muted-foreground">
                  {t("progressReport.halqa.sessions", { count: report.sessions })}
                </span>
              </ReportFact>
            </>
          ),
          body: (
            <PageSection id="students-heading" title={t("progressReport.halqa.students")}>
              <HalqaReportTable report={report} i18n={i18n} />
            </PageSection>
          ),
        };
      }}
    />
  );
}
