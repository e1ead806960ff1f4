"use client";

import { useId, type ReactNode } from "react";
import { toLatinDigits } from "@/lib/i18n/digits";
import { useDigits } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";

/** Small fields of the recitation entry: 44 px high, labelled, errors tied to their input. */
export const inputClass =
  "h-11 rounded-md border border-border bg-card px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-invalid:border-destructive";

/**
 * A whole-number box in the reader's digits (Arabic-Indic in Arabic, as every other number there; a
 * `type="number"` box would show Latin ones). `value` and `onChange` keep Latin digits.
 */
export function NumberField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  const id = useId();
  const digits = useDigits();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={digits(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(toLatinDigits(e.target.value).replace(/[^0-9]/g, ""))}
        className={cn(inputClass, "w-28")}
      />
      {error ? (
        <span id={`${id}-error`} className="max-w-56 text-destructive">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A row of big radio buttons inside a fieldset (kind, rating). */
export function Choice<T extends string | number>({
  legend,
  legendOnPhone = true,
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  /** False: the legend is for screen readers only on a phone, where the options say enough (the kinds). */
  legendOnPhone?: boolean;
  name: string;
  value: T | null;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  error?: string | null;
}): ReactNode {
  return (
    <fieldset className="flex flex-col gap-1" aria-invalid={error ? true : undefined}>
      <legend className={cn("mb-1", !legendOnPhone && "max-sm:sr-only")}>{legend}</legend>
      {/* Columns of at least 6.5rem that share the width: three to a line on a phone, a label wrapping
          within its own box, so a kind or a rating never pushes the counters below the first screen. */}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-2">
        {options.map((option) => (
          <label
            key={String(option.value)}
            // On a phone the whole box is the radio (the circle is drawn by the box's colour and weight), so a
            // word like "memorisation" has the box's width to itself at three boxes to a line.
            className={cn(
              "relative flex min-h-11 cursor-pointer touch-manipulation items-center gap-2 rounded-md border px-2 py-1 leading-tight has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60 max-sm:justify-center max-sm:text-center max-sm:text-sm",
              value === option.value ? "border-primary bg-primary/10 font-semibold" : "border-border bg-card",
            )}
          >
            <input
              type="radio"
              name={name}
              className="size-4 shrink-0 accent-primary max-sm:absolute max-sm:inset-0 max-sm:size-full max-sm:cursor-pointer max-sm:opacity-0"
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? <span className="text-destructive">{error}</span> : null}
    </fieldset>
  );
}
