"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonVariants } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { submitEndSession, type SessionFormState } from "@/lib/features/sessions/actions";
import { useT } from "@/lib/i18n/client";

/** The second step of ending: a required confirmation box, then the submit. Words: `sessions.end`, from the page's <ClientStrings>. */
export function EndSessionForm({ sessionId, cancelHref }: { sessionId: string; cancelHref: string }) {
  const t = useT("sessions");
  const [state, action, pending] = useActionState<SessionFormState, FormData>(submitEndSession, null);
  const error = state?.ok === false ? state.fieldErrors?.confirm : undefined;
  return (
    <form action={action} className="flex flex-col gap-4">
      <input type="hidden" name="id" value={sessionId} />
      {state?.ok === false ? (
        <Alert variant="destructive" role="alert">
          {state.message}
        </Alert>
      ) : null}
      <div className="flex flex-col gap-2">
        <label htmlFor="end-confirm" className="flex min-h-11 cursor-pointer items-center gap-3 text-base font-medium">
          <input
            id="end-confirm"
            type="checkbox"
            name="confirm"
            value="yes"
            required
            className="size-5 accent-primary"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "end-confirm-error" : undefined}
          />
          {t("end.confirm")}
        </label>
        {error ? <FieldError id="end-confirm-error">{error}</FieldError> : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? t("end.pending") : t("end.submit")}
        </Button>
        <Link href={cancelHref} className={buttonVariants({ variant: "outline" })}>
          {t("end.cancel")}
        </Link>
      </div>
    </form>
  );
}
