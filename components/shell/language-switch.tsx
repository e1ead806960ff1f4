import type { Translate } from "@/lib/i18n/core";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { LanguageSelect } from "./language-select";

/** The language list with its words from the server: each language named in itself, as in every catalogue. */
export function LanguageSwitch({ locale, t, className }: { locale: Locale; t: Translate; className?: string }) {
  const names = Object.fromEntries(LOCALES.map((code) => [code, t(`nav.languageNames.${code}`)])) as Record<Locale, string>;
  return <LanguageSelect locale={locale} label={t("common.language")} names={names} send={t("common.save")} className={className} />;
}
