import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { Freshness } from "@/components/progress/freshness";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { BackLink } from "@/components/ui/back-link";
import { requireActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import { loadPage } from "@/lib/failures/page";
import type { Period } from "@/lib/features/progress/period";
import type { ProgressFreshness } from "@/lib/features/progress/read-model";
import { getI18n, type I18n } from "@/i18n/server";
import { firstParam, type SearchParams } from "@/lib/web/search-params";
import { PeriodPicker } from "./period-picker";
import { periodText, ReportFact } from "./report-parts";

type PeriodAsk = { period?: string; from?: string; to?: string };
type ReportBase = {
  period: Period;
  semester: { name: string } | null;
  rejected: boolean;
  freshness: ProgressFreshness;
};

/** What a report page's route receives. */
export type ReportRouteProps = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

type Props<R extends ReportBase> = ReportRouteProps & {
  /** The record's page: `/halqas` or `/students`; the report is at `{base}/{id}/report`. */
  base: "/halqas" | "/students";
  load: (actor: Actor, id: string, ask: PeriodAsk) => Promise<R | null>;
  /**
   * What this report shows: the way back, its title, the facts before the term (`lead`), a line
   * under the period (`periodNote`), and its body. The term, the period and the printing date are
   * every report's facts.
   */
  parts: (
    report: R,
    i18n: I18n,
  ) => { back: string; title: string; lead?: ReactNode; periodNote?: ReactNode; body: ReactNode };
};

/**
 * A printable monthly or term report of a record (A4 print stylesheet in app/globals.css): the way
 * back, the period picker, the title and facts, how fresh the figures are, then the report itself.
 */
export async function ReportPage<R extends ReportBase>({ params, searchParams, base, load, parts }: Props<R>) {
  const actor = await requireActor(["admin", "teacher"]);
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const ask = { period: firstParam(query, "period"), from: firstParam(query, "from"), to: firstParam(query, "to") };
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => load(actor, id, ask))]);
  const { t, date } = i18n;
  const record = `${base}/${encodeURIComponent(id)}`;
  const path = `${record}/report`;
  if (!loaded.ok)
    return (
      <RefusalPage
        title={t("progressReport.title")}
        failure={loaded.failure}
        t={t}
        role={actor.role}
        retryHref={path}
      />
    );
  const report = loaded.value;
  if (!report) notFound();
  const { back, title, lead, periodNote, body } = parts(report, i18n);
  return (
    <article className="flex flex-col gap-6">
      <div data-print="hide">
        <BackLink href={record} label={back} />
      </div>
      <PeriodPicker
        path={path}
        period={report.period}
        hasTerm={report.semester !== null}
        rejected={report.rejected}
        i18n={i18n}
      />
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <dl className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
          {lead}
          <ReportFact label={t("progressReport.facts.semester")}>
            <bdi dir="auto">{report.semester?.name ?? t("students.notRecorded")}</bdi>
          </ReportFact>
          <ReportFact label={t("progressReport.facts.period")}>
            {periodText(report.period, i18n)}
            {periodNote}
          </ReportFact>
          <ReportFact label={t("progressReport.facts.printed")}>{date(new Date(), { hijri: true })}</ReportFact>
        </dl>
        <Freshness freshness={report.freshness} i18n={i18n} />
      </header>
      {body}
    </article>
  );
}
