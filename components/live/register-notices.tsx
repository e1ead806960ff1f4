"use client";

import { Button } from "@/components/ui/button";
import type { QueueSnapshot } from "@/lib/features/live/outbox/queue";
import { useSchoolTime, useT } from "@/lib/i18n/client";
import { UnsentWork } from "./unsent-work";

type Props = {
  sessionId: string;
  queueState: QueueSnapshot;
  names: ReadonlyMap<string, string>;
  /** Read-only reasons, each once; `blocked` the one the teacher may try again, `schoolBlock` the whole sentence known at load. */
  reasons: readonly string[];
  blocked: string | null;
  schoolBlock: string | null;
  canTryAgain: boolean;
  onTryAgain: () => void;
  earlier: { count: number; oldest: number } | null;
  pollError: string | null;
};

/**
 * What the teacher must know above the roster: read-only reasons, unsent work, old pending work, storage.
 * Being offline and a retry are the counts bar's status line (register-counts.tsx): they come and go with
 * the Wi-Fi, and a notice here moved the roster under the teacher's finger each time.
 */
export function RegisterNotices({
  sessionId,
  queueState,
  names,
  reasons,
  blocked,
  schoolBlock,
  canTryAgain,
  onTryAgain,
  earlier,
  pollError,
}: Props) {
  const t = useT("live");
  const clock = useSchoolTime();
  const notice = "rounded-md border border-border bg-muted p-3";
  return (
    <>
      {reasons.map((reason) => (
        <div key={reason} role="status" className={`flex flex-wrap items-center gap-3 ${notice}`}>
          <p>{reason === schoolBlock && !queueState.writeBlocked ? reason : t("readOnly", { reason })}</p>
          {reason === blocked ? (
            <Button variant="outline" onClick={onTryAgain} disabled={!canTryAgain}>
              {t("tryWritesAgain")}
            </Button>
          ) : null}
        </div>
      ))}
      {blocked ? (
        <UnsentWork
          sessionId={sessionId}
          marks={[...queueState.marks.values()]}
          recitations={queueState.recitations}
          names={names}
        />
      ) : null}
      {earlier ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-destructive">
          {t("stalePending", { n: earlier.count, date: clock.date(new Date(earlier.oldest)) })}
        </p>
      ) : null}
      {queueState.storage !== "durable" && queueState.ready ? <p className={notice}>{t("storageMemory")}</p> : null}
      {pollError !== null ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-destructive">
          {t("pollFailed", { message: pollError })}
        </p>
      ) : null}
    </>
  );
}
