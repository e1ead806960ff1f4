"use server";

import { AuthError } from "next-auth";
import { z } from "zod";
import { signIn } from "@/auth";
import { getI18n } from "@/lib/i18n/server";
import { safeLocalPath } from "@/lib/security/redirect";
import { signInErrorKey } from "./sign-in-errors";

export type LoginState = {
  message?: string;
  fieldErrors?: { email?: string; password?: string };
  /** Echoed back so the form keeps what was typed; never the password. */
  email?: string;
};

const Fields = z.object({
  email: z.string().trim().max(200),
  password: z.string().max(200),
  next: z.string().max(2000).optional(),
});

/**
 * The login form's action. Credentials are checked by auth.ts (slow hash, rate limit, disabled
 * accounts); success ends in Auth.js's redirect (thrown, so it is not caught here). Where to after:
 * a local `next` path, else `/`, which sends each role to its home.
 */
export async function login(_previous: LoginState, form: FormData): Promise<LoginState> {
  const { t } = await getI18n();
  const fields = Fields.parse({ email: form.get("email") ?? "", password: form.get("password") ?? "", next: form.get("next") ?? undefined });
  const fieldErrors: LoginState["fieldErrors"] = {};
  if (!fields.email) fieldErrors.email = t("auth.errors.emailRequired");
  else if (!z.string().email().safeParse(fields.email).success) fieldErrors.email = t("auth.errors.emailInvalid");
  if (!fields.password) fieldErrors.password = t("auth.errors.passwordRequired");
  if (fieldErrors.email || fieldErrors.password) return { fieldErrors, email: fields.email };

  try {
    await signIn("credentials", { email: fields.email, password: fields.password, redirectTo: safeLocalPath(fields.next) ?? "/" });
    return {};
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const code = "code" in error && typeof error.code === "string" ? error.code : null;
    if (error.type !== "CredentialsSignin") console.error(`[login] ${error.type}`);
    return { message: t(signInErrorKey(error.type, code) ?? "auth.errors.failed"), email: fields.email };
  }
}

/** Single sign-on, shown only when an OIDC provider is configured. */
export async function loginWithOidc(form: FormData): Promise<void> {
  await signIn("oidc", { redirectTo: safeLocalPath(form.get("next")) ?? "/" });
}
