// v1 call budget: V1_CALL_BUDGETS["/students/[id]/report"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { ReportFact } from "@/components/reports/report-parts";
import { ReportPage, type ReportRouteProps } from "@/components/reports/report-page";
import { StudentReportBody } from "@/components/reports/student-report";
import { loadStudentReport } from "@/lib/features/progress/student-report";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("progressReport.title");

/** A student's printable monthly or term report (A4 print stylesheet in app/globals.css). */
export default function StudentReportPage(props: ReportRouteProps) {
  return (
    <ReportPage
      {...props}
      base="/students"
      load={loadStudentReport}
      parts={(report, i18n) => {
        const { t } = i18n;
        return {
          back: report.student.full_name,
          title: t("progressReport.studentTitle", { name: report.student.full_name }),
          lead: (
            <ReportFact label={t("progressReport.facts.halqa")}>
              <bdi dir="auto">{report.halqa?.name ?? t("students.notRecorded")}</bdi>
            </ReportFact>
          ),
          body: <StudentReportBody report={report} i18n={i18n} />,
        };
      }}
    />
  );
}
