import { ar } from "./messages/ar";
import { en } from "./messages/en";
import { formatMessage, numberFormat } from "./message-format";
import { schoolTime, separatorOf } from "./school-time";
import type { KeyOf } from "./types";

export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export type MessageKey = KeyOf<typeof en>;
export type Vars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: Vars) => string;

const catalogues = { en, ar } as const;

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "ar";
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** `{name}` placeholders are filled from vars, numbers formatted and plurals chosen for the locale (message-format.ts). */
export function translator(locale: Locale): Translate {
  return (key, vars) => {
    const template = lookup(catalogues[locale], key) ?? lookup(catalogues.en, key) ?? key;
    // Without vars the template itself: client components fill what the server hands them.
    return vars ? formatMessage(locale, template, vars) : template;
  };
}

export function formatNumber(locale: Locale, value: number): string {
  return numberFormat(locale).format(value);
}

/** Everything a page needs to speak the reader's language, with times in the school's zone (null: unknown, shown as UTC). */
export function i18nFor(locale: Locale, timeZone: string | null) {
  const clock = schoolTime(locale, timeZone);
  return {
    locale,
    dir: directionOf(locale),
    t: translator(locale),
    timeZone,
    date: clock.date,
    dateParts: clock.dateParts,
    time: clock.time,
    separator: separatorOf(locale),
    number: (value: number) => formatNumber(locale, value),
  };
}
export type I18n = ReturnType<typeof i18nFor>;
