/**
 * The languages the product speaks (docs/glossary.md), and what each needs beyond its words: the
 * direction of its script and the BCP 47 tag numbers, plurals and dates are formatted with. Pure
 * and dependency-free: the database schema, the server and client components all read it.
 */
export const LOCALES = ["en", "ar", "ur", "id", "ms", "tr", "fr"] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The cookie a visitor's (and a signed-in person's) choice of language is remembered in. */
export const LOCALE_COOKIE = "locale";

/** Arabic and Urdu are written right to left, in the Arabic script. */
export function isRightToLeft(locale: Locale): boolean {
  return locale === "ar" || locale === "ur";
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return isRightToLeft(locale) ? "rtl" : "ltr";
}

/**
 * The digits numbers are written in, a school setting (docs/glossary.md, "Digits"): Western
 * (0-9) in every language by default; "native" is Arabic-Indic (٠-٩) in Arabic and Extended
 * Arabic-Indic (۰-۹) in Urdu, and Western in the languages that have no other.
 */
export const NUMERALS = ["western", "native"] as const;
export type Numerals = (typeof NUMERALS)[number];

/** Where the Hijri date stands beside the Gregorian one, a school setting. */
export const CALENDAR_ORDERS = ["gregorian-first", "hijri-first", "gregorian-only"] as const;
export type CalendarOrder = (typeof CALENDAR_ORDERS)[number];

/** How a school writes numbers and dates; every formatter (server and browser) takes it. */
export type Formats = { numerals: Numerals; calendars: CalendarOrder };
export const DEFAULT_FORMATS: Formats = { numerals: "western", calendars: "gregorian-first" };

const NATIVE_DIGITS: Partial<Record<Locale, string>> = { ar: "arab", ur: "arabext" };

/** The languages whose own digits a school may choose. */
export function hasNativeDigits(locale: Locale): boolean {
  return NATIVE_DIGITS[locale] !== undefined;
}

/** The Intl numbering system of a language under a school's choice of digits. */
export function numberingSystem(locale: Locale, numerals: Numerals = "western"): string {
  return (numerals === "native" && NATIVE_DIGITS[locale]) || "latn";
}

/**
 * The region each language is formatted for (British English writes "26 Nov 2026", Pakistan's Urdu,
 * Saudi Arabic), with the numbering system always named: the one place that decides the digits.
 */
const INTL_TAGS: Record<Locale, string> = { en: "en-GB", ar: "ar-SA", ur: "ur-PK", id: "id-ID", ms: "ms-MY", tr: "tr-TR", fr: "fr-FR" };

/** The BCP 47 tag to format with: `ar-SA-u-nu-latn`, `ur-PK-u-ca-islamic-umalqura-nu-arabext`. */
export function intlTag(locale: Locale, numerals: Numerals = "western", calendar?: "gregory" | "islamic-umalqura"): string {
  return `${INTL_TAGS[locale]}-u-${calendar ? `ca-${calendar}-` : ""}nu-${numberingSystem(locale, numerals)}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Numbers in the reader's digits and separators. */
export function numberFormat(locale: Locale, numerals: Numerals = "western"): Intl.NumberFormat {
  const tag = intlTag(locale, numerals);
  let format = numberFormats.get(tag);
  if (!format) numberFormats.set(tag, (format = new Intl.NumberFormat(tag)));
  return format;
}

const MAX_ACCEPT_LANGUAGE = 1000;

/**
 * The language the browser asks for first among ours (`Accept-Language`, by quality), else null (the
 * caller's fallback: the school's default). Anything malformed is skipped, never an error.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (typeof acceptLanguage !== "string") return null;
  const asked = acceptLanguage
    .slice(0, MAX_ACCEPT_LANGUAGE)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = quality === undefined ? 1 : Number(quality.slice(2));
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", q: Number.isFinite(q) && q <= 1 ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return asked.map((entry) => entry.language).find(isLocale) ?? null;
}
