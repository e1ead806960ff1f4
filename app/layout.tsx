import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { ClientStrings } from "@/components/i18n/client-strings";
import { SkipLink } from "@/components/shell/skip-link";
import { getI18n } from "@/i18n/server";
import { geistMono, geistSans, notoNaskhArabic, notoSansArabic } from "./fonts";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const { t, separator } = await getI18n();
  const appName = t("common.appName");
  return {
    title: { default: appName, template: `%s${separator}${appName}` },
    description: t("auth.landing.intro"),
    icons: { icon: "/icon.svg", apple: "/icons/apple-touch-icon.png" },
    appleWebApp: { capable: true, title: appName, statusBarStyle: "default" },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f6fbf9" },
    { media: "(prefers-color-scheme: dark)", color: "#101c1f" },
  ],
};

/**
 * Language and direction come from the signed-in person's choice (else the cookie, else the
 * browser), so every page renders per request; that is also what the CSP nonce needs.
 */
export default async function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  const { locale, dir, t } = await getI18n();
  return (
    <html
      lang={locale}
      dir={dir}
      className={`${geistSans.variable} ${geistMono.variable} ${notoSansArabic.variable} ${notoNaskhArabic.variable}`}
    >
      <body className="min-h-dvh">
        <SkipLink label={t("nav.skipToContent")} />
        {/* The words of the error boundaries (components/shell/error-view.tsx), and of a field error any action may answer. */}
        <ClientStrings
          parts={["common.errorTitle", "common.errorBody", "common.retry", "nav.errorReference", "errors.invalidField"]}
        >
          {children}
        </ClientStrings>
      </body>
    </html>
  );
}
