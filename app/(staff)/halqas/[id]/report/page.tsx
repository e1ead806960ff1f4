// v1 call budget: V1_CALL_BUDGETS["/halqas/[id]/report"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BackLink } from "@/components/ui/back-link";
import { HalqaReportTable } from "@/components/reports/halqa-report";
import { PeriodPicker } from "@/components/reports/period-picker";
import { Freshness } from "@/components/progress/freshness";
import { periodText, ReportFact } from "@/components/reports/report-parts";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { PageSection } from "@/components/ui/page-section";
import { requireActor } from "@/lib/auth/session";
import { loadPage } from "@/lib/failures/page";
import { firstParam, type SearchParams } from "@/lib/web/search-params";
import { loadHalqaReport } from "@/lib/features/progress/halqa-report";
import { getI18n } from "@/lib/i18n/server";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("progressReport.title") };
}

/** A halqa's printable monthly or term report: each student's figures and juz for the period. */
export default async function HalqaReportPage({ params, searchParams }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const ask = { period: firstParam(query, "period"), from: firstParam(query, "from"), to: firstParam(query, "to") };
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadHalqaReport(actor, id, ask))]);
  const { t, date } = i18n;
  const path = `/halqas/${encodeURIComponent(id)}/report`;
  if (!loaded.ok) return <RefusalPage title={t("progressReport.title")} failure={loaded.failure} t={t} role={actor.role} retryHref={path} />;
  const report = loaded.value;
  if (!report) notFound();
  const { halqa, semester, period } = report;
  return (
    <article className="flex flex-col gap-6">
      <div data-print="hide">
        <BackLink href={`/halqas/${encodeURIComponent(id)}`} label={halqa.name} />
      </div>
      <PeriodPicker path={path} period={period} hasTerm={semester !== null} rejected={report.rejected} i18n={i18n} />
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">{t("progressReport.halqaTitle", { name: halqa.name })}</h1>
        <dl className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
          <ReportFact label={t("progressReport.facts.semester")}>
            <bdi dir="auto">{semester?.name ?? t("students.notRecorded")}</bdi>
          </ReportFact>
          <ReportFact label={t("progressReport.facts.period")}>
            {periodText(period, i18n)}
            <span className="block text-sm font-normal text-muted-foreground">{t("progressReport.halqa.sessions", { count: report.sessions })}</span>
          </ReportFact>
          <ReportFact label={t("progressReport.facts.printed")}>{date(new Date(), { hijri: true })}</ReportFact>
        </dl>
        <Freshness freshness={report.freshness} i18n={i18n} />
      </header>
      <PageSection id="students-heading" title={t("progressReport.halqa.students")}>
        <HalqaReportTable report={report} i18n={i18n} />
      </PageSection>
    </article>
  );
}
