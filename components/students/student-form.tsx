"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { startTransition, useActionState, useEffect, useRef } from "react";
import { linkClass } from "@/components/ui/text-link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { ActionResult } from "@/lib/actions/define-action";

const FIELDS = ["full_name", "preferred_name", "halqa_id", "status", "enrolled_on"] as const;
type FieldName = (typeof FIELDS)[number];

export type StudentFormLabels = {
  fullName: string;
  preferredName: string;
  preferredNameHint: string;
  halqa: string;
  halqaPlaceholder: string;
  halqaHint: string;
  status: string;
  enrolledOn: string;
  enrolledOnHint: string;
  submit: string;
  saving: string;
  saved: string;
  openCreated: string;
  fieldErrors: Record<FieldName | "generic", string>;
};

export type StudentFormValues = { id?: string; full_name: string; preferred_name: string; halqa_id: string; status: string; enrolled_on: string };

type State = ActionResult<{ id: string }> | null;

type Props = {
  mode: "create" | "edit";
  action: (state: State, form: FormData) => Promise<ActionResult<{ id: string }>>;
  labels: StudentFormLabels;
  halqas: { id: string; name: string }[];
  statuses: { value: string; label: string }[];
  initial: StudentFormValues;
};

/**
 * Create or edit a student. The school's API validates; its field errors come back on the fields
 * (in the reader's language, never the server's text), and a refusal such as "write access
 * disabled" is shown with its reason. Submitting through a transition keeps what was typed when the
 * server says no (a plain form action would reset the fields); without JavaScript the form still posts.
 */
export function StudentForm({ mode, action, labels, halqas, statuses, initial }: Props) {
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
  const errorOf = (field: FieldName) => (fieldErrors[field] !== undefined ? labels.fieldErrors[field] : null);

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
          {unplaced ? <p>{labels.fieldErrors.generic}</p> : null}
        </Alert>
      ) : null}
      {state?.ok ? (
        <Alert role="status">
          {mode === "edit" ? (
            <p className="font-medium">{labels.saved}</p>
          ) : (
            <Link href={`/students/${encodeURIComponent(state.data.id)}?created=1`} className={linkClass}>
              {labels.openCreated}
            </Link>
          )}
        </Alert>
      ) : null}

      {initial.id ? <input type="hidden" name="id" value={initial.id} /> : null}

      <Field id={id("full_name")} label={labels.fullName} error={errorOf("full_name")}>
        {(control) => <Input {...control} name="full_name" required autoComplete="off" defaultValue={initial.full_name} />}
      </Field>

      <Field id={id("preferred_name")} label={labels.preferredName} hint={labels.preferredNameHint} error={errorOf("preferred_name")}>
        {(control) => <Input {...control} name="preferred_name" autoComplete="off" defaultValue={initial.preferred_name} />}
      </Field>

      <Field id={id("halqa_id")} label={labels.halqa} hint={labels.halqaHint} error={errorOf("halqa_id")}>
        {(control) => (
          <Select {...control} name="halqa_id" required defaultValue={initial.halqa_id}>
            <option value="" disabled>
              {labels.halqaPlaceholder}
            </option>
            {halqas.map((halqa) => (
              <option key={halqa.id} value={halqa.id}>
                {halqa.name}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <Field id={id("status")} label={labels.status} error={errorOf("status")}>
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

      <Field id={id("enrolled_on")} label={labels.enrolledOn} hint={labels.enrolledOnHint} error={errorOf("enrolled_on")}>
        {(control) => <Input {...control} name="enrolled_on" type="date" defaultValue={initial.enrolled_on} />}
      </Field>

      <div>
        <Button type="submit" disabled={pending}>
          {pending ? labels.saving : labels.submit}
        </Button>
      </div>
    </form>
  );
}
