import { buttonVariants } from "@/components/ui/button";
import type { Locale, Translate } from "@/lib/i18n/core";
import { setLanguage } from "@/lib/preferences/actions";
import { cn } from "@/lib/utils";

/**
 * One button offering the other language, named in that language. A plain form posting to a server
 * action, so it works before (or without) JavaScript; the action returns to the page it came from.
 */
export function LanguageSwitch({ locale, t, className }: { locale: Locale; t: Translate; className?: string }) {
  const other: Locale = locale === "ar" ? "en" : "ar";
  return (
    <form action={setLanguage} aria-label={t("common.language")} className={className}>
      <input type="hidden" name="locale" value={other} />
      {/* On an English page the one Arabic word takes the system's Arabic face: the web font (160 KB) is for Arabic pages and Arabic text. */}
      <button type="submit" lang={other} className={cn(buttonVariants({ variant: "ghost" }), "font-medium", other === "ar" && "font-sans")}>
        {t(`nav.languageNames.${other}`)}
      </button>
    </form>
  );
}
