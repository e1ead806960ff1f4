import type { School } from "@/lib/contract";
import type { Locale } from "@/lib/i18n/core";

type Names = Pick<School, "name" | "name_ar">;

/**
 * The school's name as a reader of `locale` is given it, on every page, PDF, e-mail and export:
 * its Arabic name for a reader of Arabic when the school has one, else the name it goes by.
 */
export function schoolNameIn(school: Names, locale: Locale): string {
  return schoolNamesIn(school, locale)[0];
}

/** Both of the school's names, the reader's first; the second is null when the school has one name. */
export function schoolNamesIn(school: Names, locale: Locale): [string, string | null] {
  return locale === "ar" && school.name_ar ? [school.name_ar, school.name] : [school.name, school.name_ar];
}
