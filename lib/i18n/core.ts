import { ar } from "./messages/ar";
import { en } from "./messages/en";
import { lookup } from "./lookup";
import { formatMessage, numberFormat } from "./message-format";
import { schoolTime, separatorOf } from "./school-time";
import type { Catalogue, KeyOf, PathOf } from "./types";

export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export type MessageKey = KeyOf<typeof en>;
export type Vars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: Vars) => string;
export type Namespace = keyof typeof en;
/** A namespace or a part of one, down to a single string: `"live"`, `"students.status"`, `"common.retry"`. */
export type MessagePart = PathOf<typeof en>;
/** What a client component may read: parts of the reader's catalogue (clientMessages). */
export type ClientMessages = { [N in Namespace]?: Catalogue<(typeof en)[N]> };

const catalogues = { en, ar } as const;

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "ar";
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** `{name}` placeholders are filled from vars, numbers formatted and plurals chosen for the locale (message-format.ts). */
export function translator(locale: Locale): Translate {
  return (key, vars) => {
    const template = lookup(catalogues[locale], key) ?? lookup(catalogues.en, key) ?? key;
    // Without vars the template itself: client components fill what the server hands them.
    return vars ? formatMessage(locale, template, vars) : template;
  };
}

/**
 * The parts of the reader's catalogue that client components under an `<I18nProvider>` read with
 * `useT` (lib/i18n/client.tsx): whole namespaces (`"live"`) or parts of one (`"students.status"`), so a
 * page sends the browser only the strings its client components use.
 */
export function clientMessages(locale: Locale, parts: readonly MessagePart[]): ClientMessages {
  const messages: Record<string, unknown> = {};
  for (const part of parts) {
    const path = part.split(".");
    let from: unknown = catalogues[locale];
    let into = messages;
    path.forEach((name, index) => {
      from = (from as Record<string, unknown>)[name];
      if (index === path.length - 1) into[name] = from;
      else into = (into[name] ??= {}) as Record<string, unknown>;
    });
  }
  return messages as ClientMessages;
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
