import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { currentActor } from "@/lib/auth/session";
import { directionOf, formatDate, formatNumber, isLocale, translator, type Locale } from "./core";

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

export async function getI18n() {
  const locale = await getLocale();
  return {
    locale,
    dir: directionOf(locale),
    t: translator(locale),
    date: (value: Date | string, options?: Parameters<typeof formatDate>[2]) => formatDate(locale, value, options),
    number: (value: number) => formatNumber(locale, value),
  };
}
export type I18n = Awaited<ReturnType<typeof getI18n>>;
