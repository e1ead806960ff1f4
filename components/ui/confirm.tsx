import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";
import { buttonVariants, type ButtonProps } from "./button";

type ConfirmProps = Omit<ComponentProps<"details">, "children"> & {
  /** The first button: it only opens the question. */
  trigger: ReactNode;
  triggerVariant?: ButtonProps["variant"];
  /** The question, and the real submit button (inside the caller's <form>). */
  children: ReactNode;
};

/**
 * A confirmation step without a dialog and without JavaScript: `<details>` opens the question and
 * the confirming submit button; nothing is sent until that button is pressed. Put it inside the
 * action's form, or put the form inside it:
 * `<Confirm trigger={t("sessions.end")}><p>…</p><Button type="submit">…</Button></Confirm>`.
 */
export function Confirm({ trigger, triggerVariant = "outline", className, children, ...props }: ConfirmProps) {
  return (
    <details data-slot="confirm" className={cn("group", className)} {...props}>
      <summary
        className={cn(
          buttonVariants({ variant: triggerVariant }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        {trigger}
      </summary>
      <div className="mt-3 flex flex-col gap-3 rounded-lg border border-border bg-card p-4">{children}</div>
    </details>
  );
}
