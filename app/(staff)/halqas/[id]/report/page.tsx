// v1 call budget: V1_CALL_BUDGETS["/halqas/[id]/report"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { HalqaReportTable } from "@/components/reports/halqa-report";
import { ReportPage, type ReportRouteProps } from "@/components/reports/report-page";
import { PageSection } from "@/components/ui/page-section";
import { loadHalqaReport } from "@/lib/features/progress/halqa-report";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("progressReport.title");

/** A halqa's printable monthly or term report: each student's figures and juz for the period. */
export default function HalqaReportPage(props: ReportRouteProps) {
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
          periodNote: (
            <span className="block text-sm font-normal text-muted-foreground">
              {t("progressReport.halqa.sessions", { count: report.sessions })}
            </span>
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
