import type { ReactNode } from "react";
import { LanguageSwitch } from "@/components/shell/language-switch";
import { getI18n } from "@/i18n/server";

/** Signed-out pages: the app's name, the language switch (remembered in a cookie), and the page. */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const { t, locale } = await getI18n();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-md items-center justify-between gap-4 px-6 pt-6">
        <p className="text-lg font-semibold tracking-tight">{t("common.appName")}</p>
        <LanguageSwitch locale={locale} t={t} />
      </header>
      {/* On a phone the card starts at the top: centred, a card still growing as a slow tablet parses the
          page moved whole (CLS 0.14 in the Lighthouse bench, docs/scale.md). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-md flex-1 flex-col gap-6 px-6 py-10 outline-none sm:justify-center"
      >
        {children}
      </main>
    </div>
  );
}
