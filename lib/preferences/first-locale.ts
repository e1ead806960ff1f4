import "server-only";
import { cookies, headers } from "next/headers";
import { isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from "@/lib/i18n/locales";
import { settleFirstLocale } from "./store";

/**
 * What the person signing in asks for: the language they chose on the sign-in page (its cookie),
 * else the first of ours their browser's Accept-Language names; null for none (or anything malformed).
 */
export async function askedLocale(): Promise<Locale | null> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return negotiateLocale((await headers()).get("accept-language"));
}

/** Called once per sign-in (auth.ts): settles the language of someone who never had one settled. */
export async function settleLocaleAtSignIn(userId: string): Promise<void> {
  await settleFirstLocale(userId, await askedLocale());
}
