"use client";

import { startTransition, useActionState, useEffect, useRef, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/lib/actions/define-action";
import { EXCUSE_REASON_MAX } from "@/lib/features/excuses/limits";
import { useMessageText, useT } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";

type Sent = { id: string; day: string };

type Props = {
  action: (state: ActionResult<Sent> | null, form: FormData) => Promise<ActionResult<Sent>>;
  lineageId: string;
  /** The school's today and the last day a request may name (YYYY-MM-DD, school time): the date picker's bounds. */
  today: string;
  lastDay: string;
};

/**
 * A parent's excuse request for one child. The server checks everything again (the picker's bounds
 * are only a help: `noValidate`), and its refusals land on their fields in the parent's language.
 * Words: `excuses.form` and `excuses.validation` from the page's <ClientStrings>.
 */
export function ExcuseForm({ action, lineageId, today, lastDay }: Props) {
  const t = useT("excuses");
  const text = useMessageText();
  const [state, formAction, pending] = useActionState(action, null);
  const form = useRef<HTMLFormElement>(null);
  const sent = state?.ok ? state.data.id : null;
  useEffect(() => {
    if (sent) form.current?.reset();
  }, [sent]);

  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  const error = (field: string) => (errors[field] ? text(errors[field]) : undefined);
  const placed = new Set(["day", "reason"]);
  const general =
    state && !state.ok && !Object.keys(errors).some((key) => placed.has(key))
      ? errors.form
        ? text(errors.form)
        : state.message
      : null;

  // Dispatched by hand so that React does not clear what was typed when the answer is a field error.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => formAction(data));
  };

  return (
    <form ref={form} action={formAction} onSubmit={submit} className="flex max-w-xl flex-col gap-4" noValidate>
      <input type="hidden" name="lineageId" value={lineageId} />
      <Field id="excuse-day" label={t("form.date")} hint={t("form.dateHint")} error={error("day")}>
        {(control) => (
          <Input
            {...control}
            name="day"
            type="date"
            required
            min={today}
            max={lastDay}
            defaultValue={today}
            dir="ltr"
            className="w-fit"
          />
        )}
      </Field>
      <Field id="excuse-reason" label={t("form.reason")} hint={t("form.reasonHint")} error={error("reason")}>
        {(control) => (
          <textarea
            {...control}
            name="reason"
            required
            rows={3}
            // A little over the limit, so that a pasted text is refused with the reason rather than cut short unseen.
            maxLength={EXCUSE_REASON_MAX * 2}
            dir="auto"
            className={cn(
              "w-full min-w-0 rounded-md border border-border bg-card px-3 py-2 text-base text-foreground shadow-xs outline-none",
              "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive",
            )}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t("form.sending") : t("form.submit")}
        </Button>
        <p role="status" className={cn("text-sm", general ? "text-destructive" : "text-muted-foreground")}>
          {general ?? (sent ? t("form.sent") : null)}
        </p>
      </div>
    </form>
  );
}
