"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { startTransition, useActionState, useEffect, type FormEvent } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import type { ActionResult } from "@/lib/actions/define-action";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useMessageText, useT } from "@/lib/i18n/client";

type Created = { id: string; email: string };
type Option = { value: string; label: string };

type Props = {
  action: (state: ActionResult<Created> | null, form: FormData) => Promise<ActionResult<Created>>;
  roles: Option[];
  locales: Option[];
  /** The school's default language for new users (the person's browser may still choose at first sign-in). */
  defaultLocale: string;
  passwordMin: number;
};

/**
 * Creates a dashboard user, then opens their page to link them; field errors land on their fields.
 * Words: `admin.create` and the `admin.validation` keys the action answers with, from the page's <ClientStrings>.
 */
export function CreateUserForm({ action, roles, locales, defaultLocale, passwordMin }: Props) {
  const t = useT("admin");
  const text = useMessageText();
  const [state, formAction, pending] = useActionState(action, null);
  const router = useRouter();
  const created = state?.ok ? state.data : null;
  useEffect(() => {
    if (created) router.push(`/admin/users/${encodeURIComponent(created.id)}`);
  }, [created, router]);

  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  const error = (field: string) => {
    const message = errors[field];
    return message ? text(message) : undefined;
  };

  // Dispatched by hand so that React does not clear what was typed when the answer is a field error.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => formAction(data));
  };

  return (
    <form action={formAction} onSubmit={submit} className="flex max-w-xl flex-col gap-5" noValidate>
      <Field id="user-name" label={t("create.name")} error={error("name")}>
        {(control) => <Input {...control} name="name" autoComplete="off" required maxLength={120} />}
      </Field>
      <Field id="user-email" label={t("create.email")} error={error("email")}>
        {(control) => (
          <Input {...control} name="email" type="email" autoComplete="off" required maxLength={200} dir="ltr" />
        )}
      </Field>
      <Field id="user-role" label={t("create.role")} error={error("role")}>
        {(control) => (
          <Select {...control} name="role" defaultValue="teacher">
            {roles.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="user-locale" label={t("create.locale")}>
        {(control) => (
          <Select {...control} name="locale" defaultValue={defaultLocale}>
            {locales.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="user-password" label={t("create.password")} hint={t("create.passwordHint")} error={error("password")}>
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={passwordMin}
            maxLength={200}
            dir="ltr"
          />
        )}
      </Field>
      <div aria-live="polite" className="text-sm">
        {state && !state.ok ? (
          <p role="alert" className="font-medium text-destructive">
            {state.message}
          </p>
        ) : created ? (
          <p className="flex flex-wrap items-center gap-3">
            <span>{t("create.created")}</span>
            <Link
              href={`/admin/users/${encodeURIComponent(created.id)}`}
              className={buttonVariants({ variant: "link" })}
            >
              {t("create.open")}
            </Link>
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t("create.pending") : t("create.submit")}
        </Button>
      </div>
    </form>
  );
}
