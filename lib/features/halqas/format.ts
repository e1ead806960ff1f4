import type { Locale } from "@/lib/i18n/core";

/** "A, B and C" / "أ وب وج" for the reader's language. */
export function listFormatter(locale: Locale): (items: string[]) => string {
  const format = new Intl.ListFormat(locale === "ar" ? "ar" : "en-GB", { style: "long", type: "conjunction" });
  return (items) => format.format(items);
}
