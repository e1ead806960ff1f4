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

/** Arabic and Urdu are written right to left, in the Arabic script. */
export function isRightToLeft(locale: Locale): boolean {
  return locale === "ar" || locale === "ur";
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return isRightToLeft(locale) ? "rtl" : "ltr";
}

/**
 * The region each language is formatted for: Saudi Arabic counts in Arabic-Indic digits (plain
 * `ar` does not everywhere), British English writes "26 Nov 2026", Pakistan's Urdu, and so on.
 */
const INTL_TAGS: Record<Locale, string> = { en: "en-GB", ar: "ar-SA", ur: "ur-PK", id: "id-ID", ms: "ms-MY", tr: "tr-TR", fr: "fr-FR" };

export function intlTag(locale: Locale): string {
  return INTL_TAGS[locale];
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** Numbers in the reader's digits and separators. */
export function numberFormat(locale: Locale): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(intlTag(locale))));
  return format;
}

/** The language the browser asks for first among ours (`Accept-Language`, by quality), else English. */
export function negotiateLocale(acceptLanguage: string): Locale {
  const asked = acceptLanguage
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? 1);
      return { language: tag.trim().toLowerCase().split("-")[0], q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return asked.map((entry) => entry.language).find(isLocale) ?? "en";
}
