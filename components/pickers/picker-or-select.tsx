"use client";

import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { Choice } from "@/lib/features/pickers/choices";
import { ServerCombobox } from "./lazy-combobox";
import type { PickerOption } from "./server-combobox";

type Props = {
  kind: "students" | "halqas" | "sheikhs";
  /** The `<select>`'s id (its label points at it). */
  id: string;
  name: string;
  label: string;
  /** The choices when they are few (selectChoices, lib/features/pickers/choices.ts); null: a searchable picker asking the server. */
  choices: readonly Choice[] | null;
  /** The `<select>`'s first, empty option ("Choose …"); omitted when the field always has a value. */
  placeholder?: string;
  /** Whether the empty option may be chosen again (a filter's "all"), or only shown until a choice. */
  placeholderSelectable?: boolean;
  required?: boolean;
  /** The chosen id, and its name for the picker (which holds no list to find it in). */
  value?: Choice | null;
  /** Told every change of the choice; the `<select>` is then controlled by `value`. */
  onChange?: (id: string) => void;
  semester?: string;
  halqa?: string;
  hint?: string;
  error?: string | null;
  className?: string;
};

/**
 * A picker of students, halqas or sheikhs that does not grow with the school: a `<select>` of the
 * given choices when they are few, above PICKER_SELECT_LIMIT the searchable combobox
 * (server-combobox.tsx) — the same form field either way, so server actions and GET filters read
 * `name` as before. The combobox's words (`paging.picker`) come from the page's <ClientStrings>.
 */
export function PickerOrSelect({
  kind,
  id,
  name,
  label,
  choices,
  placeholder,
  placeholderSelectable,
  required,
  value,
  onChange,
  semester,
  halqa,
  hint,
  error,
  className,
}: Props) {
  if (!choices) {
    const initial: PickerOption | null = value?.id ? { id: value.id, label: value.name, hint: null } : null;
    return (
      <ServerCombobox
        kind={kind}
        name={name}
        label={label}
        semester={semester}
        halqa={halqa}
        initial={initial}
        onChange={onChange}
        hint={hint}
        error={error}
        className={className}
      />
    );
  }
  const selectValue = onChange
    ? { value: value?.id ?? "", onChange: (event: { target: { value: string } }) => onChange(event.target.value) }
    : { defaultValue: value?.id ?? "" };
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Select {...control} name={name} required={required} {...selectValue}>
          {placeholder !== undefined ? (
            <option value="" disabled={!placeholderSelectable}>
              {placeholder}
            </option>
          ) : null}
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
