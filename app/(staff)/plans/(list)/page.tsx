// v1 call budget: V1_CALL_BUDGETS["/plans"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { linkClass } from "@/components/ui/text-link";
import { SemesterSwitch } from "@/components/semesters/semester-switch";
import { PlanFilters } from "@/components/plans/plan-filters";
import { PlanTable } from "@/components/plans/plan-table";
import { PlansUnavailable } from "@/components/plans/plans-unavailable";
import { StatusCounts } from "@/components/plans/status-counts";
import { ClientStrings } from "@/components/i18n/client-strings";
import { lastSyncText, SyncSection } from "@/components/plans/sync-section";
import { requireActor } from "@/lib/auth/session";
import { PLAN_STATUSES } from "@/lib/contract";
import { firstParam, hrefWith, oneOf, semesterListParams, type SearchParams } from "@/lib/web/search-params";
import { REPLACED_PERIODS } from "@/lib/features/plans/periods";
import { loadPlanList } from "@/lib/features/plans/queries";
import { syncStatusView } from "@/lib/features/plans/sync/status-view";
import { getI18n } from "@/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";
import { PageSection } from "@/components/ui/page-section";

export const generateMetadata = pageTitle("plans.title");

export default async function PlansPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireActor(["admin", "teacher"]);
  const params = await searchParams;
  const filters = {
    ...semesterListParams(params, PLAN_STATUSES),
    student: firstParam(params, "student", 64),
    replaced: oneOf(firstParam(params, "replaced"), REPLACED_PERIODS),
    sort: oneOf(firstParam(params, "sort"), ["changed"] as const),
    after: firstParam(params, "after", 64),
    before: firstParam(params, "before", 64),
  };
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadPlanList(actor, filters))]);
  const { t, date } = i18n;
  if (!loaded.ok)
    return <RefusalPage title={t("plans.title")} failure={loaded.failure} t={t} role={actor.role} retryHref="/plans" />;
  const list = loaded.value;
  const semesterId = list.selected?.id;
  const keep = {
    semester: semesterId,
    student: list.studentId,
    q: filters.q,
    replaced: filters.replaced,
    sort: filters.sort,
  };
  const studentNames = list.studentNames;
  const neverSynced = list.syncStatus.lastCompletedAt === null;
  const filtered = Boolean(filters.status || list.studentId || filters.q || filters.replaced);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("plans.title")}</h1>
        <p className="text-muted-foreground">{actor.role === "teacher" ? t("plans.teacherScope") : t("plans.intro")}</p>
        {actor.role === "admin" ? (
          <Link href="/plans/changes" className={linkClass}>
            {t("plans.changes.link")}
          </Link>
        ) : null}
      </header>

      {!list.availability.ok ? (
        <PlansUnavailable availability={list.availability} t={t} />
      ) : (
        <>
          {list.canSync ? (
            <ClientStrings
              parts={[
                "plans.sync.now",
                "plans.sync.starting",
                "plans.sync.running",
                "plans.sync.progressLabel",
                "plans.sync.progress",
                "plans.sync.busy",
                "plans.sync.done",
              ]}
            >
              <SyncSection view={syncStatusView(list.syncStatus)} i18n={i18n} />
            </ClientStrings>
          ) : list.syncStatus.lastCompletedAt ? (
            <p className="text-sm text-muted-foreground">{lastSyncText(syncStatusView(list.syncStatus), i18n)}</p>
          ) : null}
          <SemesterSwitch
            connectionId={actor.connectionId}
            requested={filters.semester}
            action="/plans"
            keep={{ status: filters.status, q: filters.q }}
          />
          {list.selected && semesterId ? (
            <PageSection
              id="plan-list-heading"
              title={t("plans.list.caption", { semester: list.selected.name })}
              hideTitle
            >
              <StatusCounts t={t} counts={list.counts} selected={filters.status} keep={keep} />
              <PlanFilters
                t={t}
                semester={semesterId}
                student={list.student ?? undefined}
                status={filters.status}
                q={filters.q}
                replaced={filters.replaced}
                sort={filters.sort}
              />
              {list.search?.stoppedEarly ? (
                <p className="text-sm text-muted-foreground">
                  {t("paging.searchedSoFar", { count: list.search.scanned })} {t("plans.filters.searchBounded")}
                </p>
              ) : null}
              {list.page.plans.length ? (
                <>
                  <PlanTable
                    plans={list.page.plans}
                    studentNames={studentNames}
                    caption={t("plans.list.caption", { semester: list.selected.name })}
                    t={t}
                    formatDate={(value) => date(value)}
                    formatTime={(value) => date(value, { time: true })}
                    replacements={list.replacements}
                  />
                  <nav aria-label={t("plans.list.pages")} className="flex flex-wrap gap-4">
                    {list.page.prevBefore ? (
                      <Link
                        href={hrefWith("/plans", { ...keep, status: filters.status, before: list.page.prevBefore })}
                        className={linkClass}
                        rel="prev"
                      >
                        {t("plans.list.previous")}
                      </Link>
                    ) : null}
                    {list.page.nextAfter ? (
                      <Link
                        href={hrefWith("/plans", { ...keep, status: filters.status, after: list.page.nextAfter })}
                        className={linkClass}
                        rel="next"
                      >
                        {t("plans.list.next")}
                      </Link>
                    ) : null}
                  </nav>
                </>
              ) : list.counts.total === 0 && !filtered && neverSynced ? (
                <EmptyState
                  title={t("plans.list.notSynced")}
                  hint={list.canSync ? t("plans.list.notSyncedAdmin") : t("plans.list.notSyncedTeacher")}
                />
              ) : (
                <EmptyState title={t("plans.list.empty")} hint={t("plans.list.emptyHint")} />
              )}
            </PageSection>
          ) : null}
        </>
      )}
    </div>
  );
}
