"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n/client";
import { login, type LoginState } from "./actions";

/**
 * Email and password, posted to a server action: works without JavaScript, errors come back translated.
 * Words: `auth.login` (email, password, submit, submitting), from the page's <ClientStrings>.
 */
export function LoginForm({ next }: { next?: string }) {
  const t = useT("auth");
  const [state, action, pending] = useActionState<LoginState, FormData>(login, {});
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      {state.message ? (
        <Alert variant="destructive" role="alert">
          {state.message}
        </Alert>
      ) : null}
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Field id="email" label={t("login.email")} error={state.fieldErrors?.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            dir="ltr"
            required
            defaultValue={state.email}
            key={state.email}
          />
        )}
      </Field>
      <Field id="password" label={t("login.password")} error={state.fieldErrors?.password}>
        {(control) => (
          <Input {...control} name="password" type="password" autoComplete="current-password" dir="ltr" required />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={pending} aria-disabled={pending}>
        {pending ? t("login.submitting") : t("login.submit")}
      </Button>
    </form>
  );
}
