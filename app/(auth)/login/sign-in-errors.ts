import type { MessageKey } from "@/lib/i18n/core";

/**
 * What a failed sign-in reads as. `code` is the CredentialsSignin code thrown by auth.ts
 * (`too_many_attempts`, `disabled`: the sign-in's own codes, not the school API's) or Auth.js's default `credentials`; `type` is Auth.js's error type,
 * also what it puts in `?error=` when it sends someone back to /login (e.g. after OIDC).
 */
export function signInErrorKey(type: string | null | undefined, code?: string | null): MessageKey | null {
  if (!type) return null;
  if (type === "CredentialsSignin") {
    if (code === "too_many_attempts") return "auth.errors.rateLimited";
    if (code === "disabled") return "auth.errors.disabled";
    return "auth.errors.invalidCredentials";
  }
  if (type === "AccessDenied") return "auth.errors.accessDenied";
  return "auth.errors.failed";
}
