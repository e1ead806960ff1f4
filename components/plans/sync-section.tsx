import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { intervalMinutesFromEnv } from "@/lib/jobs/intervals";
import type { SyncStatusView } from "@/lib/features/plans/sync/status-view";
import type { I18n } from "@/i18n/server";
import { SyncNow } from "./sync-now";

/** When plans were last synced completely, in words (everyone who sees plans is shown this). */
export function lastSyncText(view: Pick<SyncStatusView, "lastCompletedAt" | "lastMode">, { t, date }: I18n): string {
  return view.lastCompletedAt
    ? t("plans.sync.last", {
        time: date(view.lastCompletedAt, { time: true }),
        mode: t(`plans.sync.${view.lastMode ?? "full"}`),
      })
    : t("plans.sync.never");
}

/** Admins: when plans were last synced, what that cycle did, why the last one stopped, and "Sync now" (its words: the page's <ClientStrings>). */
export function SyncSection({ view, i18n }: { view: SyncStatusView; i18n: I18n }) {
  const { t } = i18n;
  const minutes = intervalMinutesFromEnv();
  const last = lastSyncText(view, i18n);
  const counts = view.lastCounts
    ? t("plans.sync.lastCounts", {
        plans: view.lastCounts.plans,
        assignments: view.lastCounts.assignments,
        requests: view.lastCounts.requests,
        seconds: Math.max(1, Math.round(view.lastCounts.durationMs / 1000)),
      })
    : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("plans.sync.title")}</CardTitle>
        <CardDescription>{last}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {counts ? <p className="text-sm text-muted-foreground">{counts}</p> : null}
        {view.problem && !view.running ? (
          <Alert variant={view.problem.kind === "denied" ? "destructive" : "default"}>
            {view.problem.kind === "denied"
              ? `${t("plans.sync.denied")} ${view.problem.requiredScope ? t("plans.unavailable.scopeAction", { scope: view.problem.requiredScope }) : view.problem.feature ? t("plans.unavailable.feature") : ""}`
              : t("plans.sync.failed", { code: view.problem.code })}
          </Alert>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {minutes > 0 ? t("plans.sync.schedule", { minutes }) : t("plans.sync.scheduleOff")}
        </p>
        <SyncNow initial={view} />
      </CardContent>
    </Card>
  );
}
