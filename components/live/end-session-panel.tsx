"use client";

import { useActionState, useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonVariants } from "@/components/ui/button";
import type { RegisterCounts } from "@/lib/features/live/merge";
import { submitEndSession, type SessionFormState } from "@/lib/features/sessions/actions";
import { MARK_STATUSES } from "@/lib/features/live/types";
import { useNumber, useT } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";

type Props = {
  sessionId: string;
  counts: RegisterCounts;
  recitations: number;
  /** Changes of this device not saved yet: ending now would leave them refused. */
  unsaved: number;
  /** Of those, the ones still in their undo window, which the teacher may send at once. */
  held: number;
  onSendNow: () => void;
};

/**
 * Ending from the register: a `<details>` opens the summary (marks as the screen counts them,
 * recitations recorded) and the confirmation; the session's own end action (lib/features/sessions)
 * does the rest and leads to the session page. Not while this device still has unsaved work.
 */
export function EndSessionPanel({ sessionId, counts, recitations, unsaved, held, onSendNow }: Props) {
  const t = useT("live");
  const number = useNumber();
  const id = useId();
  const [state, action, pending] = useActionState<SessionFormState, FormData>(submitEndSession, null);
  const error = state?.ok === false ? (state.fieldErrors?.confirm ?? state.message) : null;
  return (
    <details className="group">
      <summary
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        {t("end.open")}
      </summary>
      <section
        aria-labelledby={`${id}-summary`}
        className="mt-3 flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
      >
        <h2 id={`${id}-summary`} className="text-lg font-semibold">
          {t("end.summary")}
        </h2>
        <ul className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3">
          {MARK_STATUSES.map((status) => (
            <li key={status}>
              {t(`status.${status}`)}: <span className="font-semibold tabular-nums">{number(counts[status])}</span>
            </li>
          ))}
          <li>
            {t("end.unmarked")}: <span className="font-semibold tabular-nums">{number(counts.unmarked)}</span>
          </li>
          <li>
            {t("end.recitations")}: <span className="font-semibold tabular-nums">{number(recitations)}</span>
          </li>
        </ul>
        {unsaved > 0 ? (
          <Alert variant="warning" className="flex-row flex-wrap items-center gap-3">
            <span>{t("end.unsaved", { n: unsaved })}</span>
            {held > 0 ? (
              <Button type="button" variant="outline" onClick={onSendNow}>
                {t("end.sendNow")}
              </Button>
            ) : null}
          </Alert>
        ) : null}
        {error ? (
          <Alert variant="destructive" role="alert">
            {error}
          </Alert>
        ) : null}
        <form action={action} className="flex flex-col gap-3">
          <input type="hidden" name="id" value={sessionId} />
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-base font-medium">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              required
              className="size-6 shrink-0 accent-primary"
              disabled={unsaved > 0}
            />
            {t("end.confirm")}
          </label>
          <div>
            <Button type="submit" variant="destructive" disabled={pending || unsaved > 0}>
              {pending ? t("end.pending") : t("end.submit")}
            </Button>
          </div>
        </form>
      </section>
    </details>
  );
}
