import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { currentActor } from "@/lib/auth/session";
import { schoolOrNull } from "@/lib/failures/school";
import { getSchoolLanguages, visitorSchoolLanguages, type SchoolLanguages } from "@/lib/preferences/school-languages";
import { i18nFor } from "@/lib/i18n/core";
import { isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from "@/lib/i18n/locales";

/**
 * The request's language and the school's time zone, digits and calendars, for lib/i18n (which
 * knows neither people nor schools: all are passed in). Languages are not in the URL: a person
 * reads the dashboard in the language of their account, and a signed-out visitor in the one they
 * chose or their browser asks for, else the school's default.
 */
export { LOCALE_COOKIE };

/** The signed-in person's school's language settings; a visitor's: the one school's, if there is one. */
export const getSchoolLanguageSettings = cache(async (): Promise<SchoolLanguages> => {
  const actor = await currentActor();
  return actor ? getSchoolLanguages(actor.connectionId) : visitorSchoolLanguages();
});

/** The signed-in person's language, else the remembered choice, else the browser's preference, else the school's default. */
export const getLocale = cache(async (): Promise<Locale> => {
  const actor = await currentActor();
  if (actor) return actor.locale;
  const remembered = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(remembered)) return remembered;
  return negotiateLocale((await headers()).get("accept-language")) ?? (await getSchoolLanguageSettings()).defaultLocale;
});

/**
 * The signed-in person's school time zone, from the connection's memoized GET /school (the same
 * record the sessions pages read). Null without a session, or when the school refuses the key: the
 * page still renders, its times in UTC and labelled so.
 */
export const getSchoolTimeZone = cache(async (): Promise<string | null> => {
  const actor = await currentActor();
  if (!actor) return null;
  return (await schoolOrNull(actor.connectionId))?.time_zone ?? null;
});

export async function getI18n() {
  const [locale, timeZone, school] = await Promise.all([getLocale(), getSchoolTimeZone(), getSchoolLanguageSettings()]);
  return i18nFor(locale, timeZone, school.formats);
}
export type { I18n } from "@/lib/i18n/core";
