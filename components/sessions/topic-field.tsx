"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** A session's optional topic, as the start and update forms ask for it (at most 500 characters). */
export function TopicField({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      {(p) => (
        <Input
          {...p}
          name="topic"
          maxLength={500}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
        />
      )}
    </Field>
  );
}
