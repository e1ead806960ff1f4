import { LOCALE_META } from "./locale-index.generated";

/**
 * The languages the product speaks: the folders of `messages/` (lib/i18n/locale-folders.ts writes
 * their index), and what each needs beyond its words, from its `_locale.json`: the direction of its
 * script, the BCP 47 tag numbers, plurals and dates are formatted with, its own digits, its own name.
 * Pure and dependency-free: the database schema, the server and client components all read it.
 */
export type Locale = keyof typeof LOCALE_META;
export const LOCALES = Object.keys(LOCALE_META) as [Locale, ...Locale[]];

type Meta = { name: string; tag: string; dir: "ltr" | "rtl"; digits?: string };
const metaOf = (locale: Locale): Meta => LOCALE_META[locale];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && Object.hasOwn(LOCALE_META, value);
}

/** A language's own name, in its own script: how the language list names it ("Türkçe", "اردو"). */
export function nativeName(locale: Locale): string {
  return metaOf(locale).name;
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** A language named in the reader's language ("Urdu" to an English reader), from Intl; else its own name. */
export function languageName(locale: Locale, reader: Locale): string {
  const tag = metaOf(reader).tag;
  let names = displayNames.get(tag);
  if (!names) displayNames.set(tag, (names = new Intl.DisplayNames([tag], { type: "language", fallback: "none" })));
  return names.of(locale) ?? nativeName(locale);
}

/** The cookie a visitor's (and a signed-in person's) choice of language is remembered in. */
export const LOCALE_COOKIE = "locale";

/** Written right to left (Arabic, Urdu), as its `_locale.json` says. */
export function isRightToLeft(locale: Locale): boolean {
  return metaOf(locale).dir === "rtl";
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

/** The languages whose own digits a school may choose. */
export function hasNativeDigits(locale: Locale): boolean {
  return metaOf(locale).digits !== undefined;
}

/** The Intl numbering system of a language under a school's choice of digits. */
export function numberingSystem(locale: Locale, numerals: Numerals = "western"): string {
  return (numerals === "native" && metaOf(locale).digits) || "latn";
}

/**
 * The BCP 47 tag to format with: `ar-SA-u-nu-latn`, `ur-PK-u-ca-islamic-umalqura-nu-arabext`. Each
 * language's region is its `_locale.json`'s (British English writes "26 Nov 2026"), the numbering
 * system always named: the one place that decides the digits.
 */
export function intlTag(
  locale: Locale,
  numerals: Numerals = "western",
  calendar?: "gregory" | "islamic-umalqura",
): string {
  return `${metaOf(locale).tag}-u-${calendar ? `ca-${calendar}-` : ""}nu-${numberingSystem(locale, numerals)}`;
}

/** What formats a number: `Intl.NumberFormat`'s `format`, all the pages use of it. */
export type NumberFormatter = { format(value: number): string };

/** The ten digits of each numbering system our languages write in (`_locale.json`'s `digits`, and Latin). */
const DIGITS: Record<string, string> = { latn: "0123456789", arab: "٠١٢٣٤٥٦٧٨٩", arabext: "۰۱۲۳۴۵۶۷۸۹" };

const formatters = new Map<string, NumberFormatter>();

/**
 * Numbers in the reader's digits and separators, as `Intl.NumberFormat(tag)` writes them (`tag` from
 * `intlTag`). The whole numbers from 0 to 999 (counts, ayahs, pages: most numbers a page writes) need
 * no separator or sign in any language, so they are written digit by digit; anything else goes to
 * `Intl`, made on first need. A browser's first `Intl.NumberFormat` loads ICU's number data: about
 * 60 ms of a cheap tablet's main thread, which the register and Today paid while hydrating
 * (docs/scale.md). `lib/i18n/negotiate.test.ts` checks both paths agree with `Intl` everywhere.
 */
export function tagNumberFormat(tag: string): NumberFormatter {
  let formatter = formatters.get(tag);
  if (formatter) return formatter;
  const digits = DIGITS[/-nu-([a-z]+)/.exec(tag)?.[1] ?? "latn"];
  let intl: Intl.NumberFormat | null = null;
  formatter = {
    format: (value) =>
      digits && Number.isInteger(value) && value >= 0 && value < 1000 && !Object.is(value, -0)
        ? String(value).replace(/\d/g, (d) => digits[Number(d)]!)
        : (intl ??= new Intl.NumberFormat(tag)).format(value),
  };
  formatters.set(tag, formatter);
  return formatter;
}

/** Numbers in the reader's digits and separators. */
export function numberFormat(locale: Locale, numerals: Numerals = "western"): NumberFormatter {
  return tagNumberFormat(intlTag(locale, numerals));
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
