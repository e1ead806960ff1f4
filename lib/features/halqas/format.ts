import { intlTag, type Locale } from "@/lib/i18n/locales";

/** "A, B and C" / "أ وب وج" for the reader's language. */
export function listFormatter(locale: Locale): (items: string[]) => string {
  const format = new Intl.ListFormat(intlTag(locale), { style: "long", type: "conjunction" });
  return (items) => format.format(items);
}
