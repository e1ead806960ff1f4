"use client";

import { useActionState, type ReactNode } from "react";
import type { VariantProps } from "class-variance-authority";
import { Button, buttonVariants } from "@/components/ui/button";
import type { ActionResult } from "@/lib/actions/define-action";
import { useMessageText } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";

export type FormAction = (state: ActionResult<unknown> | null, form: FormData) => Promise<ActionResult<unknown>>;

type Props = {
  action: FormAction;
  /** Ids taken from responses, sent back as they came. */
  hidden?: Record<string, string>;
  children?: ReactNode;
  submitLabel: string;
  /** A fuller name for the button when its text alone is ambiguous (e.g. "Remove" in a list). */
  submitAriaLabel?: string;
  successMessage?: string;
  variant?: VariantProps<typeof buttonVariants>["variant"];
  className?: string;
};

/**
 * A one-button form for a server action: works without JavaScript, shows the action's answer beside it.
 * Validation keys the action may answer with (`admin.validation.role`) read as the text of the
 * catalogue parts the page sends with <ClientStrings>.
 */
export function ActionForm({
  action,
  hidden,
  children,
  submitLabel,
  submitAriaLabel,
  successMessage,
  variant,
  className,
}: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  const text = useMessageText();
  const problem = state && !state.ok ? [state.message, ...Object.values(state.fieldErrors ?? {}).map(text)] : null;
  return (
    <form action={formAction} className={cn("flex flex-col gap-2", className)}>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-end gap-3">
        {children}
        {/* A long label ("Turn off missing-register reminders to teachers…") wraps on a phone instead of widening the page. */}
        <Button
          type="submit"
          variant={variant}
          disabled={pending}
          aria-label={submitAriaLabel}
          className="h-auto min-h-11 max-w-full whitespace-normal text-start"
        >
          {submitLabel}
        </Button>
      </div>
      <div aria-live="polite" className="text-sm">
        {problem ? (
          <p role="alert" className="font-medium text-destructive">
            {problem.join(" ")}
          </p>
        ) : state?.ok && successMessage ? (
          <p className="text-muted-foreground">{successMessage}</p>
        ) : null}
      </div>
    </form>
  );
}
