"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { RegisterCounts as Counts } from "@/lib/features/live/merge";
import type { QueueSnapshot } from "@/lib/features/live/outbox/queue";
import { MARK_STATUSES } from "@/lib/features/live/types";
import { useNumber, useSchoolTime, useT } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";

type Props = {
  counts: Counts;
  queueState: QueueSnapshot;
  /** A write the school refused for every write: retrying one by one cannot help. */
  blocked: boolean;
  /** "All present" is offered while marks may be set and some rows are unmarked. */
  canMarkAll: boolean;
  /** The queue is open (it opens in the browser only). */
  ready: boolean;
  onRetryAll: () => void;
  onAllPresent: () => void;
  /** The undo slot, laid over the counts line (no control there, so it covers none). */
  undo: ReactNode;
};

/** The bar over the roster: counts per status, what is still waiting or failed, and "all present". */
export function RegisterCounts({
  counts,
  queueState,
  blocked,
  canMarkAll,
  ready,
  onRetryAll,
  onAllPresent,
  undo,
}: Props) {
  const t = useT("live");
  const number = useNumber();
  const clock = useSchoolTime();
  const saving = queueState.waiting > 0 ? t("waiting", { n: queueState.waiting }) : t("allSaved");
  const status = !queueState.online
    ? t("statusOffline", { status: saving })
    : queueState.nextRetryAt !== null && queueState.waiting > 0
      ? t("statusRetrying", { time: clock.time(new Date(queueState.nextRetryAt)) })
      : saving;
  // The bar's height never follows what it says. The status (waiting, saved, offline, retrying) and "the rest
  // present" share one line as tall as the button, under the counts below md and beside them from md; the
  // status may take two lines of its own within that height, never more. A bar that grew when a tap was
  // waiting and shrank when it was saved, or a notice above it that came and went with the Wi-Fi, moved the
  // whole roster under the teacher's finger (38 and 122 px on a phone in Arabic): the next tap landed on
  // another row or on nothing.
  return (
    <section
      aria-label={t("counts.label")}
      className="sticky top-0 z-10 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-card px-3 py-2"
    >
      <div className="relative flex min-h-11 min-w-0 flex-1 basis-64 items-center">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {MARK_STATUSES.map((status) => (
            <li key={status}>
              {t(`status.${status}`)}:{" "}
              <span className="font-semibold tabular-nums" data-testid={`count-${status}`}>
                {number(counts[status])}
              </span>
            </li>
          ))}
          <li>{counts.unmarked > 0 ? t("counts.notMarked", { n: counts.unmarked }) : t("counts.allMarked")}</li>
        </ul>
        {undo}
      </div>
      <div className="flex min-h-11 min-w-0 basis-full items-center gap-x-2 md:basis-auto">
        <p
          role="status"
          aria-live="polite"
          className={cn(
            "line-clamp-2 min-w-0 rounded-md border px-2 py-0.5 text-sm leading-tight",
            queueState.waiting > 0 ? "border-primary text-primary" : "border-border text-muted-foreground",
          )}
        >
          {status}
        </p>
        {canMarkAll && counts.unmarked > 0 ? (
          <Button className="ms-auto shrink-0" onClick={onAllPresent} disabled={!ready}>
            {t("allPresent")}
          </Button>
        ) : null}
      </div>
      {queueState.failed > 0 ? (
        // A failure is news the teacher must see: its line may appear, and the roster move, once.
        <div className="flex basis-full flex-wrap items-center gap-x-4 gap-y-2">
          <p role="alert" className="text-sm text-destructive">
            {t("failedCount", { n: queueState.failed })}
          </p>
          {blocked ? null : (
            <Button variant="outline" onClick={onRetryAll}>
              {t("retryAll")}
            </Button>
          )}
        </div>
      ) : null}
    </section>
  );
}
