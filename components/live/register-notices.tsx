"use client";

import { Button } from "@/components/ui/button";
import type { QueueSnapshot } from "@/lib/features/live/queue";
import { schoolTime } from "@/lib/i18n/school-time";
import type { Format, LiveStrings } from "./strings";
import { UnsentWork } from "./unsent-work";

type Props = {
  sessionId: string;
  locale: "en" | "ar";
  timeZone: string | null;
  strings: LiveStrings;
  fmt: Format;
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

/** What the teacher must know above the roster: read-only reasons, unsent work, retries, offline, old pending work, storage. */
export function RegisterNotices({ sessionId, locale, timeZone, strings: s, fmt, queueState, names, reasons, blocked, schoolBlock, canTryAgain, onTryAgain, earlier, pollError }: Props) {
  const notice = "rounded-md border border-border bg-muted p-3";
  return (
    <>
      {reasons.map((reason) => (
        <div key={reason} role="status" className={`flex flex-wrap items-center gap-3 ${notice}`}>
          <p>{reason === schoolBlock && !queueState.writeBlocked ? reason : fmt(s.readOnly, { reason })}</p>
          {reason === blocked ? (
            <Button variant="outline" onClick={onTryAgain} disabled={!canTryAgain}>
              {s.tryWritesAgain}
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
          statusLabels={s.status}
          kindLabels={s.recitation.kinds}
          strings={s.unsent}
          fmt={fmt}
        />
      ) : null}
      {queueState.nextRetryAt !== null && queueState.waiting > 0 && queueState.online ? (
        <p role="status" className={notice}>
          {fmt(s.retryingAt, { time: schoolTime(locale, timeZone).time(new Date(queueState.nextRetryAt)) })}
        </p>
      ) : null}
      {!queueState.online ? (
        <p role="status" className={notice}>
          {s.offline}
        </p>
      ) : null}
      {earlier ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-destructive">
          {fmt(s.stalePending, { n: earlier.count, date: schoolTime(locale, timeZone).date(new Date(earlier.oldest)) })}
        </p>
      ) : null}
      {queueState.storage !== "durable" && queueState.ready ? <p className={notice}>{s.storageMemory}</p> : null}
      {pollError !== null ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-destructive">
          {fmt(s.pollFailed, { message: pollError })}
        </p>
      ) : null}
    </>
  );
}
