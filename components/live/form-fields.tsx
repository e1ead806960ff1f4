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
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: T | null;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  error?: string | null;
}): ReactNode {
  return (
    <fieldset className="flex flex-col gap-1" aria-invalid={error ? true : undefined}>
      <legend className="mb-1">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={String(option.value)}
            className={cn(
              "flex min-h-11 cursor-pointer touch-manipulation items-center gap-2 rounded-md border px-3 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60",
              value === option.value ? "border-primary bg-primary/10 font-semibold" : "border-border bg-card",
            )}
          >
            <input
              type="radio"
              name={name}
              className="size-4 accent-primary"
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
