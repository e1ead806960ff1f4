"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { syncPlansNow } from "@/lib/features/plans/actions";
import { progressFraction, type SyncStatusView } from "@/lib/features/plans/sync/status-view";
import { useT } from "@/lib/i18n/client";

const POLL_MS = 1_000;

/**
 * The admin's "Sync now": starts a cycle through a server action, then polls the sync state (a GET
 * route handler) every second while it runs, drawing a progress bar with the counts. When the cycle
 * ends the page is refreshed, so the last sync time, counts and list come from the server. Words:
 * `plans.sync`, from the plans page's <ClientStrings>.
 */
export function SyncNow({ initial }: { initial: SyncStatusView }) {
  const t = useT("plans");
  const router = useRouter();
  const [result, action, pending] = useActionState(syncPlansNow, null);
  const [view, setView] = useState(initial);
  const [finished, setFinished] = useState(false);
  const running = view.running || (result?.ok === true && result.data.started && !finished);

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch("/api/plans/sync-status", { cache: "no-store" });
        if (!response.ok || stopped) return;
        const next = (await response.json()) as SyncStatusView;
        if (stopped) return;
        setView(next);
        if (!next.running) {
          setFinished(true);
          router.refresh();
        }
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    };
    const timer = setInterval(poll, POLL_MS);
    void poll();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [running, router]);

  const fraction = progressFraction(view);
  const counts = view.progress
    ? t("sync.progress", { plans: view.progress.plans, assignments: view.progress.assignments })
    : null;
  const message =
    result?.ok === false
      ? result.message
      : result?.ok && !result.data.started && result.data.status === "busy"
        ? t("sync.busy")
        : finished
          ? t("sync.done")
          : null;

  return (
    <div className="flex flex-col gap-3">
      <form action={action}>
        <Button type="submit" disabled={pending || running}>
          {pending ? t("sync.starting") : running ? t("sync.running") : t("sync.now")}
        </Button>
      </form>
      {running ? (
        <div className="flex flex-col gap-2">
          <div
            role="progressbar"
            aria-label={t("sync.progressLabel")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
            aria-valuetext={counts ?? t("sync.running")}
            className="h-3 w-full max-w-md overflow-hidden rounded-full bg-muted"
          >
            <div
              className={
                fraction === null
                  ? "h-full w-1/3 animate-pulse rounded-full bg-primary"
                  : "h-full rounded-full bg-primary transition-[width]"
              }
              style={fraction === null ? undefined : { width: `${Math.round(fraction * 100)}%` }}
            />
          </div>
        </div>
      ) : null}
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {running ? counts : message}
      </p>
    </div>
  );
}
