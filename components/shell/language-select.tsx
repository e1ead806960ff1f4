"use client";

import { isRightToLeft, LOCALES, nativeName, type Locale } from "@/lib/i18n/locales";
import { setLanguage } from "@/lib/preferences/actions";
import { cn } from "@/lib/utils";

/**
 * The languages (the folders of messages/), each named in itself, in one labelled list; choosing one
 * posts the form to a server action, which returns to the page it came from. Without JavaScript a
 * button sends it.
 */
export function LanguageSelect({
  locale,
  label,
  send,
  className,
}: {
  locale: Locale;
  label: string;
  send: string;
  className?: string;
}) {
  return (
    <form action={setLanguage} className={cn("flex items-center gap-1", className)}>
      <select
        name="locale"
        aria-label={label}
        defaultValue={locale}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="h-11 max-w-32 rounded-md bg-transparent px-1 text-sm font-medium hover:bg-muted sm:px-2"
      >
        {LOCALES.map((code) => (
          // An Arabic-script name on a left-to-right page takes the system's face: the web font (160 KB) is for Arabic-script pages.
          <option key={code} value={code} lang={code} dir={isRightToLeft(code) ? "rtl" : "ltr"}>
            {nativeName(code)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="h-9 rounded-md border border-border px-2 text-sm">
          {send}
        </button>
      </noscript>
    </form>
  );
}
