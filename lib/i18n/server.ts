import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { currentActor } from "@/lib/auth/session";
import { clientFor } from "@/lib/connections";
import { isFailure } from "@/lib/v1";
import { i18nFor, isLocale, type Locale } from "./core";

export const LOCALE_COOKIE = "locale";

/** The signed-in person's language, else the remembered choice, else the browser's preference. */
export const getLocale = cache(async (): Promise<Locale> => {
  const actor = await currentActor();
  if (actor) return actor.locale;
  const remembered = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(remembered)) return remembered;
  const accepted = (await headers()).get("accept-language") ?? "";
  return /^\s*ar\b/i.test(accepted) ? "ar" : "en";
});

/**
 * The signed-in person's school time zone, from the connection's memoized GET /school (the same
 * record the sessions pages read). Null without a session, or when the school refuses the key: the
 * page still renders, its times in UTC and labelled so.
 */
export const getSchoolTimeZone = cache(async (): Promise<string | null> => {
  const actor = await currentActor();
  if (!actor) return null;
  try {
    return (await clientFor(actor.connectionId).tenant()).time_zone;
  } catch (error) {
    if (isFailure(error)) return null;
    throw error;
  }
});

export async function getI18n() {
  const [locale, timeZone] = await Promise.all([getLocale(), getSchoolTimeZone()]);
  return i18nFor(locale, timeZone);
}
export type { I18n } from "./core";
