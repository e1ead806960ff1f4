import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Label } from "./label";

type FieldProps = {
  /** The control's id: the label points at it, the hint and error are described by it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  /** Receives the ids to put on the control: `aria-describedby` and whether it is invalid. */
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
};

/**
 * A label, a control, an optional hint and the field's error, wired for assistive technology:
 * `<Field id="email" label={t(...)} error={errors.email}>{(p) => <Input name="email" {...p} />}</Field>`.
 */
export function Field({ id, label, hint, error, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div data-slot="field" className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true as const } : {}) })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldError({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="field-error" className={cn("text-sm font-medium text-destructive", className)} {...props} />;
}
