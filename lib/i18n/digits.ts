import { numberFormat, type Locale, type Numerals } from "./locales";

/**
 * Digits typed or shown in either script: a number box shows the digits the school chose, like
 * every other number of the page, and whatever a person types (٣٤, ۳۴ or 34) reads the same.
 */
export function toLatinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** The Latin digits of `text` written in the locale's own digits (as `Intl` formats numbers there). */
export function localDigits(text: string, locale: Locale, numerals: Numerals = "western"): string {
  const format = numberFormat(locale, numerals);
  return text.replace(/[0-9]/g, (d) => format.format(Number(d)));
}
