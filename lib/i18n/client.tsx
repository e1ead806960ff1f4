"use client";

/**
 * Strings for client components: a page wraps them in `<ClientStrings parts={[…]}>`
 * (components/i18n/client-strings.tsx), which hands this provider the parts of the reader's catalogue
 * they use, compiled on the server (core.ts `clientMessages`); a component reads them with
 * `useT(namespace)`, typed over the English catalogue, formatted as the server formats them
 * (compiled.ts: next-intl's precompiled messages, without shipping an ICU parser). No copied string bags.
 * Providers nest (the root layout sends the error boundaries' words; a page adds its own parts).
 * Generic pieces that show one word their caller chooses (a button's label, a nav item) keep it as a prop.
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { formatCompiled, messageAt } from "./compiled";
import type { ClientMessages, Namespace } from "./core";
import { DEFAULT_FORMATS, numberFormat, type Formats, type Locale } from "./locales";
import { localDigits } from "./digits";
import { mergeParts } from "./merge-parts";
import { reportMissingMessage } from "./missing";
import { schoolTime, separatorOf, type SchoolTime } from "./school-time";
import type { KeyOf, Messages } from "./types";
import type { Vars } from "./values";

type Context = { locale: Locale; timeZone: string | null; formats: Formats; messages: ClientMessages };

const I18nContext = createContext<Context | null>(null);

/** Inside another provider (the root layout's boundary strings), the parts it holds stay readable too. */
export function I18nProvider({
  locale,
  timeZone,
  formats = DEFAULT_FORMATS,
  messages,
  children,
}: Omit<Context, "formats"> & { formats?: Formats; children: ReactNode }) {
  const outer = useContext(I18nContext);
  const value = useMemo(
    () => ({ locale, timeZone, formats, messages: outer ? mergeParts(outer.messages, messages) : messages }),
    [locale, timeZone, formats, messages, outer],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): Context {
  const context = useContext(I18nContext);
  if (!context)
    throw new Error("useT and useLocale need an <I18nProvider> (components/i18n/client-strings.tsx) above them");
  return context;
}

export type ClientTranslate<N extends Namespace> = (key: KeyOf<Messages[N]>, vars?: Vars) => string;

/** `t("row.saved")` within a namespace; a key the page did not send reads as its full name, like a missing key on the server. */
export function useT<N extends Namespace>(namespace: N): ClientTranslate<N> {
  const { locale, formats, messages } = useI18n();
  return useCallback(
    (key, vars) => {
      const message = messageAt(messages[namespace], key);
      if (message === undefined) reportMissingMessage(locale, `${namespace}.${key}`);
      return (
        (message === undefined ? null : formatCompiled(locale, message, vars, formats.numerals)) ??
        `${namespace}.${key}`
      );
    },
    [locale, formats, messages, namespace],
  );
}

/**
 * The text of a whole catalogue key an action answered with (`admin.validation.email`), from the
 * parts the page sent; anything else (a sentence the server already translated) shows as it came.
 */
export function useMessageText(): (key: string) => string {
  const { locale, formats, messages } = useI18n();
  return useCallback(
    (key) => {
      const message = messageAt(messages, key);
      return (message === undefined ? null : formatCompiled(locale, message, {}, formats.numerals)) ?? key;
    },
    [locale, formats, messages],
  );
}

export function useLocale(): Locale {
  return useI18n().locale;
}

/** A count or number in the school's digits. */
export function useNumber(): (value: number) => string {
  const { locale, formats } = useI18n();
  return useCallback((value: number) => numberFormat(locale, formats.numerals).format(value), [locale, formats]);
}

/** Latin digits of a typed value shown in the school's digits (lib/i18n/digits.ts). */
export function useDigits(): (text: string) => string {
  const { locale, formats } = useI18n();
  return useCallback((text: string) => localDigits(text, locale, formats.numerals), [locale, formats]);
}

/** What sits between two parts of one line (" · ", "، "), as on the server. */
export function useSeparator(): string {
  return separatorOf(useI18n().locale);
}

/** Dates and times in the school's zone, as on the server (school-time.ts). */
export function useSchoolTime(): SchoolTime {
  const { locale, timeZone, formats } = useI18n();
  return useMemo(() => schoolTime(locale, timeZone, formats), [locale, timeZone, formats]);
}
