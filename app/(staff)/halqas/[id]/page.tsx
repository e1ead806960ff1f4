// v1 call budget: V1_CALL_BUDGETS["/halqas/[id]"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import Link from "next/link";
import { notFound } from "next/navigation";
import { ClientStrings } from "@/components/i18n/client-strings";
import { PdfDownload } from "@/components/report-cards/pdf-download";
import { BackLink } from "@/components/ui/back-link";
import { Badge } from "@/components/ui/badge";
import { PageSection } from "@/components/ui/page-section";
import { SkeletonRows } from "@/components/ui/page-skeleton";
import { PagePart } from "@/components/shell/page-part";
import { EligibleSheikhs, HalqaLineage } from "@/components/halqas/halqa-parts";
import { linkClass } from "@/components/ui/text-link";
import { HalqaRoster } from "@/components/halqas/halqa-roster";
import { HalqaSessions } from "@/components/halqas/halqa-sessions";
import { GlanceSkeleton, HalqaGlance } from "@/components/progress/halqa-glance";
import { requireActor } from "@/lib/auth/session";
import { clientFor } from "@/lib/connections";
import {
  loadHalqaHeader,
  loadHalqaLineage,
  loadHalqaRoster,
  loadHalqaSessions,
  loadHalqaSheikhs,
  RECENT_SESSION_DAYS,
} from "@/lib/features/halqas/queries";
import { hrefWith } from "@/lib/web/search-params";
import { getI18n } from "@/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";
import { WeakPassagesSection } from "@/components/notebook/weak-passages-section";
import { dateIn } from "@/lib/dates";
import { halqaWeakPassages } from "@/lib/features/notebook/weak-sources";
import { PlanHeardView } from "@/components/notebook/plan-heard-view";
import { halqaPlanHeard } from "@/lib/features/notebook/plan-heard-source";
import { surahsFor } from "@/lib/features/reference";

type Props = { params: Promise<{ id: string }> };

export const generateMetadata = pageTitle("halqas.title");

export default async function HalqaPage({ params }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const { id } = await params;
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadHalqaHeader(actor, id))]);
  const { t, date } = i18n;
  const here = `/halqas/${encodeURIComponent(id)}`;
  if (!loaded.ok)
    return <RefusalPage title={t("halqas.title")} failure={loaded.failure} t={t} role={actor.role} retryHref={here} />;
  const header = loaded.value;
  if (!header) notFound();
  const { halqa, semester } = header;
  const { connectionId } = actor;
  const semesterStatus = semester ? t(`halqas.semester.status.${semester.status}`) : null;
  const formatDate = (value: string) => date(value, { hijri: true });
  const roster = () => loadHalqaRoster(connectionId, halqa.id);

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <BackLink href={hrefWith("/halqas", { semester: halqa.semester_id })} label={t("halqas.detail.back")} />
        <h1 className="text-3xl font-semibold tracking-tight">{halqa.name}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {semester && semesterStatus ? (
            <span className="text-muted-foreground">
              {t("halqas.detail.semester", { name: semester.name, status: semesterStatus })}
            </span>
          ) : null}
          <Badge variant={halqa.is_active ? "default" : "secondary"}>
            {halqa.is_active ? t("halqas.list.active") : t("halqas.list.inactive")}
          </Badge>
          <Link href={`${here}/report`} className={`${linkClass} ms-auto`}>
            {t("progressReport.open")}
          </Link>
          {/* A file, not a page: a plain link (the router does not try to render it) that says while it is being made. */}
          <ClientStrings parts={["reportCards.download"]}>
            <PdfDownload
              href={`${here}/report-cards?semester=${encodeURIComponent(halqa.semester_id)}`}
              label={t("reportCards.download.halqa")}
            />
          </ClientStrings>
        </div>
        {halqa.description ? (
          <p className="max-w-prose text-muted-foreground">
            <bdi dir="auto">{halqa.description}</bdi>
          </p>
        ) : null}
        {!halqa.is_active ? <p className="text-sm text-muted-foreground">{t("halqas.detail.inactiveNote")}</p> : null}
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <PageSection id="roster-heading" title={t("halqas.detail.roster")} className="gap-3 lg:col-span-2">
          <PagePart
            load={roster}
            fallback={<SkeletonRows count={8} className="h-12" />}
            retryHref={here}
            render={(students) => (
              <>
                <p className="text-sm text-muted-foreground">
                  {t("halqas.detail.rosterCount", { count: students.length })}
                </p>
                <HalqaRoster students={students} halqaName={halqa.name} t={t} />
              </>
            )}
          />
        </PageSection>

        <div className="flex flex-col gap-8">
          <PageSection id="sheikhs-heading" title={t("halqas.detail.sheikhs")} className="gap-3">
            <PagePart
              load={() => loadHalqaSheikhs(connectionId, halqa)}
              fallback={<SkeletonRows count={2} className="h-12" />}
              retryHref={here}
              render={(sheikhs) => <EligibleSheikhs sheikhs={sheikhs} t={t} />}
            />
          </PageSection>
          <PageSection id="lineage-heading" title={t("halqas.detail.lineage")} className="gap-3">
            <PagePart
              load={() => loadHalqaLineage(actor, header)}
              fallback={<SkeletonRows count={2} className="h-11" />}
              retryHref={here}
              render={(others) => <HalqaLineage others={others} t={t} />}
            />
          </PageSection>
        </div>
      </div>

      <PagePart
        load={() => Promise.all([clientFor(connectionId).tenant(), roster()])}
        fallback={<GlanceSkeleton />}
        retryHref={here}
        render={([school, students]) => (
          <HalqaGlance connectionId={connectionId} school={school} halqa={halqa} roster={students} i18n={i18n} />
        )}
      />

      <PageSection
        id="plan-heard-heading"
        title={t("live.planHeard.title")}
        hint={t("live.planHeard.hint")}
        className="gap-3"
      >
        <PagePart
          load={async () => {
            const [school, surahs] = await Promise.all([clientFor(connectionId).tenant(), surahsFor(connectionId)]);
            return {
              ...(await halqaPlanHeard({ connectionId, tenantId: school.id }, halqa.id, dateIn(school.time_zone))),
              surahs,
            };
          }}
          fallback={<SkeletonRows count={3} className="h-11" />}
          retryHref={here}
          render={({ items, names, surahs }) => (
            <PlanHeardView items={items} names={names} surahs={surahs} i18n={i18n} />
          )}
        />
      </PageSection>

      <WeakPassagesSection
        connectionId={connectionId}
        school={() => clientFor(connectionId).tenant()}
        weakOf={(scope, day) => halqaWeakPassages(scope, halqa.id, day)}
        halqa
        here={here}
        i18n={i18n}
      />

      <PageSection
        id="sessions-heading"
        title={t("halqas.detail.sessions")}
        hint={t("halqas.detail.sessionsRange", { days: RECENT_SESSION_DAYS })}
        className="gap-3"
      >
        <PagePart
          load={() => loadHalqaSessions(connectionId, halqa)}
          fallback={<SkeletonRows count={4} className="h-12" />}
          retryHref={here}
          render={({ sessions, sheikhNames }) => (
            <HalqaSessions
              sessions={sessions}
              sheikhNames={sheikhNames}
              halqaName={halqa.name}
              days={RECENT_SESSION_DAYS}
              t={t}
              formatDate={formatDate}
            />
          )}
        />
      </PageSection>
    </div>
  );
}
