import type { Translate } from "@/lib/i18n/core";
import type { Locale } from "@/lib/i18n/locales";
import { LanguageSelect } from "./language-select";

/** The language list with its words from the server (each language is named in itself, by its own `_locale.json`). */
export function LanguageSwitch({ locale, t, className }: { locale: Locale; t: Translate; className?: string }) {
  return <LanguageSelect locale={locale} label={t("common.language")} send={t("common.save")} className={className} />;
}
