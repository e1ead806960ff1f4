// v1 call budget: V1_CALL_BUDGETS["/plans/[id]"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/admin/action-form";
import { BackLink } from "@/components/ui/back-link";
import { AssignmentTimeline } from "@/components/plans/assignment-timeline";
import { PlanSummary } from "@/components/plans/plan-summary";
import { PlansUnavailable } from "@/components/plans/plans-unavailable";
import { TrackList } from "@/components/plans/track-list";
import { PageSection } from "@/components/ui/page-section";
import { SkeletonRows } from "@/components/ui/page-skeleton";
import { Skeleton } from "@/components/ui/skeleton";
import { PagePart } from "@/components/shell/page-part";
import { requireActor } from "@/lib/auth/session";
import { hrefWith } from "@/lib/web/search-params";
import { refreshPlanNow } from "@/lib/features/plans/actions";
import { unavailabilityOf, loadPlanDetail, loadPlanReference } from "@/lib/features/plans/queries";
import { buildTimeline } from "@/lib/features/plans/timeline";
import { getI18n } from "@/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";

type Props = { params: Promise<{ id: string }> };

export const generateMetadata = pageTitle("plans.title");

export default async function PlanPage({ params }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const [{ id }, i18n] = await Promise.all([params, getI18n()]);
  const { t, date } = i18n;
  const loaded = await loadPage(() => loadPlanDetail(actor, id));
  const unavailable = loaded.ok ? null : unavailabilityOf(loaded.failure);
  if (unavailable) {
    return (
      <div className="flex flex-col gap-6">
        <BackLink href="/plans" label={t("plans.detail.back")} />
        <h1 className="text-3xl font-semibold tracking-tight">{t("plans.title")}</h1>
        <PlansUnavailable availability={unavailable} t={t} />
      </div>
    );
  }
  if (!loaded.ok)
    return (
      <RefusalPage
        title={t("plans.title")}
        failure={loaded.failure}
        t={t}
        role={actor.role}
        retryHref={`/plans/${encodeURIComponent(id)}`}
      />
    );
  const detail = loaded.value;
  if (!detail) notFound();
  const { plan, student, syncedAt } = detail;
  const here = `/plans/${encodeURIComponent(id)}`;
  const reference = () => loadPlanReference(actor.connectionId, plan.semester_id ?? null);

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <BackLink
          href={hrefWith("/plans", { semester: plan.semester_id ?? undefined })}
          label={t("plans.detail.back")}
        />
        <h1 className="text-3xl font-semibold tracking-tight">
          <bdi dir="auto">{plan.name}</bdi>
        </h1>
        {student ? (
          <p className="text-lg text-muted-foreground" dir="auto">
            {student.full_name}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-sm text-muted-foreground">
            {t("plans.detail.synced", { time: date(syncedAt, { time: true }) })}
          </p>
          <ActionForm
            action={refreshPlanNow}
            hidden={{ planId: plan.id }}
            submitLabel={t("plans.detail.refresh")}
            successMessage={t("plans.detail.refreshed")}
            variant="outline"
          />
        </div>
      </header>

      <PagePart
        load={reference}
        fallback={<Skeleton className="h-40" />}
        retryHref={here}
        render={({ semester, surahs }) => (
          <PlanSummary
            plan={plan}
            student={student}
            semester={semester}
            surahs={surahs}
            syncedAt={syncedAt}
            i18n={i18n}
          />
        )}
      />

      <PageSection id="tracks-heading" title={t("plans.tracks.title")}>
        <PagePart
          load={reference}
          fallback={<SkeletonRows count={3} className="h-12" />}
          retryHref={here}
          render={({ surahs }) => <TrackList plan={plan} surahs={surahs} i18n={i18n} />}
        />
      </PageSection>

      <PageSection id="timeline-heading" title={t("plans.timeline.title")} hint={t("plans.timeline.intro")}>
        <PagePart
          load={reference}
          fallback={<SkeletonRows count={4} className="h-16" />}
          retryHref={here}
          render={({ surahs }) => (
            <AssignmentTimeline entries={buildTimeline(detail.assignments)} surahs={surahs} i18n={i18n} />
          )}
        />
      </PageSection>
    </div>
  );
}
