// v1 call budget: V1_CALL_BUDGETS["/halqas/[id]"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import type { Metadata } from "next";
import { Suspense } from "react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BackLink } from "@/components/ui/back-link";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { linkClass } from "@/components/ui/text-link";
import { HalqaRoster } from "@/components/halqas/halqa-roster";
import { HalqaSessions } from "@/components/halqas/halqa-sessions";
import { GlanceSkeleton, HalqaGlance } from "@/components/progress/halqa-glance";
import { requireActor } from "@/lib/auth/session";
import { loadHalqaDetail, RECENT_SESSION_DAYS } from "@/lib/features/halqas/queries";
import { hrefWith } from "@/lib/web/search-params";
import { getI18n } from "@/lib/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("halqas.title") };
}

export default async function HalqaPage({ params }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const { id } = await params;
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadHalqaDetail(actor, id))]);
  const { t, date } = i18n;
  if (!loaded.ok) return <RefusalPage title={t("halqas.title")} failure={loaded.failure} t={t} role={actor.role} retryHref={`/halqas/${encodeURIComponent(id)}`} />;
  const detail = loaded.value;
  if (!detail) notFound();
  const { halqa, semester } = detail;
  const semesterStatus = semester ? t(`halqas.semester.status.${semester.status}`) : null;
  const formatDate = (value: string) => date(value, { hijri: true });

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <BackLink href={hrefWith("/halqas", { semester: halqa.semester_id })} label={t("halqas.detail.back")} />
        <h1 className="text-3xl font-semibold tracking-tight">{halqa.name}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {semester && semesterStatus ? <span className="text-muted-foreground">{t("halqas.detail.semester", { name: semester.name, status: semesterStatus })}</span> : null}
          <Badge variant={halqa.is_active ? "default" : "secondary"}>{halqa.is_active ? t("halqas.list.active") : t("halqas.list.inactive")}</Badge>
          <Link href={`/halqas/${encodeURIComponent(halqa.id)}/report`} className={`${linkClass} ms-auto`}>
            {t("progressReport.open")}
          </Link>
        </div>
        {halqa.description ? <p className="max-w-prose text-muted-foreground">
            <bdi dir="auto">{halqa.description}</bdi>
          </p> : null}
        {!halqa.is_active ? <p className="text-sm text-muted-foreground">{t("halqas.detail.inactiveNote")}</p> : null}
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="roster-heading" className="flex flex-col gap-3 lg:col-span-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="roster-heading" className="text-xl font-semibold">
              {t("halqas.detail.roster")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("halqas.detail.rosterCount", { count: detail.roster.length })}</p>
          </div>
          <HalqaRoster students={detail.roster} halqaName={halqa.name} t={t} />
        </section>

        <div className="flex flex-col gap-8">
          <section aria-labelledby="sheikhs-heading" className="flex flex-col gap-3">
            <h2 id="sheikhs-heading" className="text-xl font-semibold">
              {t("halqas.detail.sheikhs")}
            </h2>
            {detail.eligibleSheikhs.length ? (
              <ul className="flex flex-col gap-2">
                {detail.eligibleSheikhs.map((sheikh) => (
                  <li key={sheikh.id} className="rounded-md border border-border bg-card px-4 py-3">
                    {sheikh.name}
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title={t("halqas.detail.sheikhsEmpty")} />
            )}
          </section>

          <section aria-labelledby="lineage-heading" className="flex flex-col gap-3">
            <h2 id="lineage-heading" className="text-xl font-semibold">
              {t("halqas.detail.lineage")}
            </h2>
            {detail.others.length ? (
              <ul className="flex flex-col gap-1">
                {detail.others.map(({ halqa: other, semester: otherSemester }) => (
                  <li key={other.id}>
                    <Link href={`/halqas/${encodeURIComponent(other.id)}`} className={linkClass}>
                      {t("halqas.detail.lineageLink", {
                        halqa: other.name,
                        semester: otherSemester?.name ?? "",
                        status: otherSemester ? t(`halqas.semester.status.${otherSemester.status}`) : "",
                      })}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title={t("halqas.detail.lineageEmpty")} />
            )}
          </section>
        </div>
      </div>

      <Suspense fallback={<GlanceSkeleton />}>
        <HalqaGlance connectionId={actor.connectionId} school={detail.school} halqa={halqa} roster={detail.roster} i18n={i18n} />
      </Suspense>

      <section aria-labelledby="sessions-heading" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="sessions-heading" className="text-xl font-semibold">
            {t("halqas.detail.sessions")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("halqas.detail.sessionsRange", { days: RECENT_SESSION_DAYS })}</p>
        </div>
        <HalqaSessions
          sessions={detail.sessions}
          sheikhNames={detail.sheikhNames}
          halqaName={halqa.name}
          days={RECENT_SESSION_DAYS}
          t={t}
          formatDate={formatDate}
        />
      </section>
    </div>
  );
}
