"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { currentActor } from "@/lib/auth/session";
import { LOCALES, type Locale } from "@/lib/i18n/core";
import { LOCALE_COOKIE } from "@/i18n/server";
import { refererPath, safeLocalPath } from "@/lib/security/redirect";
import { saveUserLocale } from "./store";

const Input = z.object({ locale: z.enum(LOCALES), returnTo: z.string().max(2000).optional() });
const YEAR = 365 * 24 * 60 * 60;

/**
 * The language switch (a plain form, so it works without JavaScript). Signed in: stored with the
 * account; always: a cookie, so the login page and signed-out pages keep the choice. Not audited:
 * a person's own display preference changes nothing of the school's.
 */
export async function setLanguage(form: FormData): Promise<void> {
  const parsed = Input.safeParse({ locale: form.get("locale"), returnTo: form.get("returnTo") ?? undefined });
  const requestHeaders = await headers();
  const back =
    safeLocalPath(parsed.data?.returnTo) ??
    refererPath(requestHeaders.get("referer"), requestHeaders.get("host")) ??
    "/";
  if (!parsed.success) redirect(back);

  await rememberLocale(parsed.data.locale);
  redirect(back);
}

/** The language, kept with the signed-in person's account (their e-mails follow it) and in a cookie. */
export async function rememberLocale(locale: Locale): Promise<void> {
  const actor = await currentActor();
  if (actor && actor.locale !== locale) await saveUserLocale(actor.id, locale);
  (await cookies()).set(LOCALE_COOKIE, locale, {
    path: "/",
    maxAge: YEAR,
    sameSite: "lax",
    httpOnly: true,
    secure: (await headers()).get("x-forwarded-proto") === "https",
  });
}
