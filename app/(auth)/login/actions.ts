"use server";

import { AuthError } from "next-auth";
import { z } from "zod";
import { signIn } from "@/lib/auth/auth";
import type { Translate } from "@/lib/i18n/core";
import { getI18n } from "@/i18n/server";
import { safeLocalPath } from "@/lib/security/redirect";
import { signInErrorKey } from "./sign-in-errors";
import { logger } from "@/lib/ops/log";

export type LoginState = {
  message?: string;
  fieldErrors?: { email?: string; password?: string };
  /** Echoed back so the form keeps what was typed; never the password. */
  email?: string;
};

const FIELD_MAX = { email: 200, password: 200, next: 2000 } as const;

const Fields = z.object({
  email: z.string().trim().max(FIELD_MAX.email),
  password: z.string().max(FIELD_MAX.password),
  next: z.string().max(FIELD_MAX.next).optional(),
});

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/**
 * The login form's action. Credentials are checked by auth.ts (slow hash, rate limit, disabled
 * accounts); success ends in Auth.js's redirect (thrown, so it is not caught here). Where to after:
 * a local `next` path, else `/`, which sends each role to its home.
 */
export async function login(_previous: LoginState, form: FormData): Promise<LoginState> {
  const { t } = await getI18n();
  if (!(form instanceof FormData)) return { message: t("auth.errors.failed") };
  const raw = {
    email: text(form.get("email")),
    password: text(form.get("password")),
    next: form.has("next") ? text(form.get("next")) : undefined,
  };
  const parsed = Fields.safeParse(raw);
  // Too long to be anyone's: said on the form, never thrown (a 500 anyone could cause).
  if (!parsed.success) {
    const fieldErrors: LoginState["fieldErrors"] = {};
    if (raw.email.trim().length > FIELD_MAX.email)
      fieldErrors.email = t("auth.errors.tooLong", { max: FIELD_MAX.email });
    if (raw.password.length > FIELD_MAX.password)
      fieldErrors.password = t("auth.errors.tooLong", { max: FIELD_MAX.password });
    return {
      ...(fieldErrors.email || fieldErrors.password ? { fieldErrors } : { message: t("auth.errors.failed") }),
      email: raw.email.slice(0, FIELD_MAX.email),
    };
  }
  const fields = parsed.data;
  const fieldErrors: LoginState["fieldErrors"] = {};
  if (!fields.email) fieldErrors.email = t("auth.errors.emailRequired");
  else if (!z.string().email().safeParse(fields.email).success) fieldErrors.email = t("auth.errors.emailInvalid");
  if (!fields.password) fieldErrors.password = t("auth.errors.passwordRequired");
  if (fieldErrors.email || fieldErrors.password) return { fieldErrors, email: fields.email };

  try {
    await signIn("credentials", {
      email: fields.email,
      password: fields.password,
      redirectTo: safeLocalPath(fields.next) ?? "/",
    });
    return {};
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const code = "code" in error && typeof error.code === "string" ? error.code : null;
    if (error.type !== "CredentialsSignin")
      logger().error({ kind: "sign_in", type: error.type }, "sign-in failed unexpectedly");
    const retryAt = "retryAt" in error && error.retryAt instanceof Date ? error.retryAt : null;
    if (code === "too_many_attempts" && retryAt) return { message: waitMessage(t, retryAt), email: fields.email };
    return { message: t(signInErrorKey(error.type, code) ?? "auth.errors.failed"), email: fields.email };
  }
}

/** When to try again, rounded up so that trying at the time said works. */
function waitMessage(t: Translate, retryAt: Date): string {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  if (seconds < 60) return t("auth.errors.rateLimitedSeconds", { seconds });
  return t("auth.errors.rateLimitedMinutes", { minutes: Math.ceil(seconds / 60) });
}

/** Single sign-on, shown only when an OIDC provider is configured. */
export async function loginWithOidc(form: FormData): Promise<void> {
  await signIn("oidc", { redirectTo: safeLocalPath(form.get("next")) ?? "/" });
}
