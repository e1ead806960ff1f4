// v1 call budget: V1_CALL_BUDGETS["/plans/changes"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { notFound } from "next/navigation";
import { BackLink } from "@/components/ui/back-link";
import { EmptyState } from "@/components/ui/empty-state";
import { ChangesTable } from "@/components/plans/changes-table";
import { lastSyncText } from "@/components/plans/sync-section";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { requireActor } from "@/lib/auth/session";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { loadPage } from "@/lib/failures/page";
import { CHANGED_PLANS_LIMIT } from "@/lib/features/plans/mirror/recent-changes";
import { loadRecentChanges } from "@/lib/features/plans/queries";
import { syncStatusView } from "@/lib/features/plans/sync/status-view";
import { getI18n } from "@/lib/i18n/server";
import { pageTitle } from "@/lib/i18n/page-title";

export const generateMetadata = pageTitle("plans.changes.title");

/** Admins only: every plan of the school, which a teacher may not see. */
export default async function PlanChangesPage() {
  const actor = await requireActor(["admin"]);
  if (!can.syncPlans(await subjectOf(actor))) notFound();
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadRecentChanges(actor))]);
  const { t } = i18n;
  if (!loaded.ok) return <RefusalPage title={t("plans.changes.title")} failure={loaded.failure} t={t} role={actor.role} retryHref="/plans/changes" />;
  const { changes, plans, numbers, truncated, syncStatus } = loaded.value;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <BackLink href="/plans" label={t("plans.detail.back")} />
        <h1 className="text-3xl font-semibold tracking-tight">{t("plans.changes.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("plans.changes.intro")}</p>
        {syncStatus.lastCompletedAt ? <p className="text-sm text-muted-foreground">{lastSyncText(syncStatusView(syncStatus), i18n)}</p> : null}
      </header>
      {changes.length ? <ChangesTable changes={changes} plans={plans} numbers={numbers} i18n={i18n} /> : <EmptyState title={t("plans.changes.empty")} />}
      {truncated ? <p className="text-sm text-muted-foreground">{t("plans.changes.truncated", { limit: CHANGED_PLANS_LIMIT })}</p> : null}
      <p className="text-sm text-muted-foreground">{t("plans.changes.states")}</p>
    </div>
  );
}
