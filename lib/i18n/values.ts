import { numberFormat, type Locale, type Numerals } from "./locales";

export type Vars = Record<string, string | number>;

/**
 * The values a message is filled with, numbers in the reader's digits: ICU writes a plain `{n}`
 * with `String(n)` (Latin digits, even in Arabic), so those are formatted here. A plural or select
 * argument (a selector) keeps its number: it chooses the form, and its `#` is formatted by the library.
 */
export function localValues(
  locale: Locale,
  selectors: ReadonlySet<string>,
  vars: Vars,
  numerals: Numerals = "western",
): Vars {
  const format = numberFormat(locale, numerals);
  return Object.fromEntries(
    Object.entries(vars).map(([name, value]) => [
      name,
      typeof value === "number" && !selectors.has(name) ? format.format(value) : value,
    ]),
  );
}
