"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { linkClass } from "@/components/ui/text-link";
import { PickerOrSelect } from "@/components/pickers/picker-or-select";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { ActionResult } from "@/lib/actions/define-action";
import type { Choice } from "@/lib/features/pickers/choices";
import { useT } from "@/lib/i18n/client";

const FIELDS = ["full_name", "preferred_name", "halqa_id", "status", "enrolled_on"] as const;
type FieldName = (typeof FIELDS)[number];

/** `halqaName` names the current halqa in the searchable picker (a large school sends no list to find it in). */
export type StudentFormValues = {
  id?: string;
  full_name: string;
  preferred_name: string;
  halqa_id: string;
  halqaName?: string;
  status: string;
  enrolled_on: string;
};

type State = ActionResult<{ id: string }> | null;

type Props = {
  mode: "create" | "edit";
  action: (state: State, form: FormData) => Promise<ActionResult<{ id: string }>>;
  /** The semester's halqas when few (selectChoices); null: a searchable picker of the semester's halqas. */
  halqas: readonly Choice[] | null;
  semesterId?: string;
  statuses: { value: string; label: string }[];
  initial: StudentFormValues;
};

/**
 * Create or edit a student. The school's API validates; its field errors come back on the fields
 * (in the reader's language, never the server's text), and a refusal such as "write access
 * disabled" is shown with its reason. Submitting through a transition keeps what was typed when the
 * server says no (a plain form action would reset the fields); without JavaScript the form still posts.
 * Words: `students.form` and `paging.picker`, from the page's <ClientStrings>.
 */
export function StudentForm({ mode, action, halqas, semesterId, statuses, initial }: Props) {
  const t = useT("students");
  const [state, formAction, pending] = useActionState<State, FormData>(action, null);
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const fieldErrors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  const unplaced = Object.keys(fieldErrors).some((key) => !(FIELDS as readonly string[]).includes(key));

  useEffect(() => {
    if (!state) return;
    if (state.ok && mode === "create") router.push(`/students/${encodeURIComponent(state.data.id)}?created=1`);
    if (!state.ok) (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? alertRef.current)?.focus();
  }, [state, mode, router]);

  const id = (field: FieldName) => `student-${mode}-${field}`;
  const errorOf = (field: FieldName) => (fieldErrors[field] !== undefined ? t(`form.fieldErrors.${field}`) : null);

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        startTransition(() => formAction(data));
      }}
      className="flex max-w-xl flex-col gap-5"
    >
      {state && !state.ok ? (
        <Alert ref={alertRef} tabIndex={-1} role="alert" variant="destructive" className="outline-none">
          <p className="font-medium">{state.message}</p>
          {unplaced ? <p>{t("form.fieldErrors.generic")}</p> : null}
        </Alert>
      ) : null}
      {state?.ok ? (
        <Alert role="status">
          {mode === "edit" ? (
            <p className="font-medium">{t("form.saved")}</p>
          ) : (
            <Link href={`/students/${encodeURIComponent(state.data.id)}?created=1`} className={linkClass}>
              {t("form.openCreated")}
            </Link>
          )}
        </Alert>
      ) : null}

      {initial.id ? <input type="hidden" name="id" value={initial.id} /> : null}

      <Field id={id("full_name")} label={t("form.fullName")} error={errorOf("full_name")}>
        {(control) => (
          <Input {...control} name="full_name" required autoComplete="off" defaultValue={initial.full_name} />
        )}
      </Field>

      <Field
        id={id("preferred_name")}
        label={t("form.preferredName")}
        hint={t("form.preferredNameHint")}
        error={errorOf("preferred_name")}
      >
        {(control) => (
          <Input {...control} name="preferred_name" autoComplete="off" defaultValue={initial.preferred_name} />
        )}
      </Field>

      <PickerOrSelect
        kind="halqas"
        id={id("halqa_id")}
        name="halqa_id"
        label={t("form.halqa")}
        hint={t("form.halqaHint")}
        error={errorOf("halqa_id")}
        choices={halqas}
        placeholder={t("form.halqaPlaceholder")}
        required
        semester={semesterId}
        value={initial.halqa_id ? { id: initial.halqa_id, name: initial.halqaName ?? initial.halqa_id } : null}
      />

      <Field id={id("status")} label={t("form.status")} error={errorOf("status")}>
        {(control) => (
          <Select {...control} name="status" defaultValue={initial.status}>
            {statuses.map((status) => (
              <option key={status.value} value={status.value}>
                {status.label}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <Field
        id={id("enrolled_on")}
        label={t("form.enrolledOn")}
        hint={t("form.enrolledOnHint")}
        error={errorOf("enrolled_on")}
      >
        {(control) => <Input {...control} name="enrolled_on" type="date" defaultValue={initial.enrolled_on} />}
      </Field>

      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t("form.saving") : mode === "create" ? t("form.create") : t("form.save")}
        </Button>
      </div>
    </form>
  );
}
