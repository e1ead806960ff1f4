// v1 call budget: V1_CALL_BUDGETS["/plans/changes"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { notFound } from "next/navigation";
import { BackLink } from "@/components/ui/back-link";
import { EmptyState } from "@/components/ui/empty-state";
import { NumberPager } from "@/components/pickers/pager";
import { ChangesFilterForm } from "@/components/plans/changes-filters";
import { ChangeGroupSection } from "@/components/plans/changes-table";
import { PlansUnavailable } from "@/components/plans/plans-unavailable";
import { lastSyncText } from "@/components/plans/sync-section";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { requireActor } from "@/lib/auth/session";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { loadPage } from "@/lib/failures/page";
import { CHANGE_KINDS, CHANGES_PERIODS, type ChangesFilters } from "@/lib/features/plans/changes-view";
import { CHANGED_PLANS_LIMIT } from "@/lib/features/plans/mirror/recent-changes";
import { loadRecentChanges } from "@/lib/features/plans/queries";
import { syncStatusView } from "@/lib/features/plans/sync/status-view";
import { getI18n } from "@/i18n/server";
import { pageTitle } from "@/i18n/page-title";
import { firstParam, hrefWith, oneOf, type SearchParams } from "@/lib/web/search-params";

export const generateMetadata = pageTitle("plans.changes.title");

function filtersOf(params: SearchParams): ChangesFilters {
  return {
    period: oneOf(firstParam(params, "period"), CHANGES_PERIODS) ?? "7",
    halqa: firstParam(params, "halqa"),
    kind: oneOf(firstParam(params, "kind"), CHANGE_KINDS),
    page: Number(firstParam(params, "page", 6) ?? 1),
  };
}

/** Admins only: every plan of the school, which a teacher may not see. */
export default async function PlanChangesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireActor(["admin"]);
  if (!can.syncPlans(await subjectOf(actor))) notFound();
  const filters = filtersOf(await searchParams);
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadRecentChanges(actor, filters))]);
  const { t } = i18n;
  const header = (
    <header className="flex flex-col gap-2">
      <BackLink href="/plans" label={t("plans.detail.back")} />
      <h1 className="text-3xl font-semibold tracking-tight">{t("plans.changes.title")}</h1>
    </header>
  );
  if (!loaded.ok)
    return (
      <RefusalPage
        title={t("plans.changes.title")}
        failure={loaded.failure}
        t={t}
        role={actor.role}
        retryHref="/plans/changes"
      />
    );
  const { availability, view, halqas, truncated, syncStatus } = loaded.value;
  if (!availability.ok) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <PlansUnavailable availability={availability} t={t} />
      </div>
    );
  }
  const numbers = loaded.value.numbers ?? new Map<string, number>();
  const halqaNames = new Map(halqas.map((halqa) => [halqa.id, halqa.name]));
  const days = Number(filters.period);
  const filtered = Boolean(filters.halqa || filters.kind);
  const pageHref = (page: number) =>
    hrefWith("/plans/changes", {
      halqa: filters.halqa,
      kind: filters.kind,
      period: filters.period === "7" ? undefined : filters.period,
      page: page > 1 ? String(page) : undefined,
    });
  return (
    <div className="flex flex-col gap-6">
      {header}
      <p className="-mt-4 max-w-prose text-muted-foreground">{t("plans.changes.intro", { days })}</p>
      {syncStatus.lastCompletedAt ? (
        <p className="text-sm text-muted-foreground">{lastSyncText(syncStatusView(syncStatus), i18n)}</p>
      ) : null}
      <ChangesFilterForm t={t} filters={filters} halqas={halqas} />
      {view.groups.length ? (
        <>
          <p className="text-sm text-muted-foreground" role="status">
            {t("plans.changes.summary", { changes: view.totalChanges, plans: view.totalPlans })}
          </p>
          {view.groups.map((group) => (
            <ChangeGroupSection
              key={group.plan.id}
              group={group}
              halqaName={group.student ? (halqaNames.get(group.student.halqaId) ?? null) : null}
              numbers={numbers}
              i18n={i18n}
            />
          ))}
          <NumberPager t={t} page={view.page} pages={view.pages} total={view.totalPlans} href={pageHref} />
        </>
      ) : (
        <EmptyState title={filtered ? t("plans.changes.emptyFiltered") : t("plans.changes.empty", { days })} />
      )}
      {truncated ? (
        <p className="text-sm text-muted-foreground">{t("plans.changes.truncated", { limit: CHANGED_PLANS_LIMIT })}</p>
      ) : null}
      <p className="text-sm text-muted-foreground">{t("plans.changes.states")}</p>
    </div>
  );
}
