import { ar } from "./messages/ar";
import { en } from "./messages/en";
import { formatMessage } from "./message-format";
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

/** Dates as people read them: the Gregorian date, and the Hijri (Umm al-Qura) beside it where dates matter. */
export function formatDate(locale: Locale, value: Date | string, options: { hijri?: boolean; time?: boolean; timeZone?: string } = {}): string {
  const date = typeof value === "string" ? new Date(value.length === 10 ? `${value}T12:00:00Z` : value) : value;
  const base: Intl.DateTimeFormatOptions = { dateStyle: "medium", ...(options.time ? { timeStyle: "short" } : {}), timeZone: options.timeZone ?? "UTC" };
  const gregorian = new Intl.DateTimeFormat(locale === "ar" ? "ar-SA-u-ca-gregory" : "en-GB", base).format(date);
  if (!options.hijri) return gregorian;
  const hijri = new Intl.DateTimeFormat(locale === "ar" ? "ar-SA-u-ca-islamic-umalqura" : "en-GB-u-ca-islamic-umalqura", { dateStyle: "medium", timeZone: base.timeZone }).format(date);
  // In Arabic each date is isolated (FSI … PDI), so the bidi algorithm never mixes their parts across the separator.
  return locale === "ar" ? `\u2068${gregorian}\u2069 · \u2068${hijri}\u2069` : `${gregorian} · ${hijri}`;
}

export function formatNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(locale === "ar" ? "ar-SA" : "en-GB").format(value);
}
