import type { ReactNode } from "react";
import { I18nProvider } from "@/lib/i18n/client";
import { clientMessages, type MessagePart } from "@/lib/i18n/core";
import { getI18n } from "@/i18n/server";

/** Gives the client components inside it the named parts of the reader's catalogue, read with `useT` (lib/i18n/client.tsx). */
export async function ClientStrings({ parts, children }: { parts: readonly MessagePart[]; children: ReactNode }) {
  const { locale, timeZone, formats } = await getI18n();
  return (
    <I18nProvider locale={locale} timeZone={timeZone} formats={formats} messages={clientMessages(locale, parts)}>
      {children}
    </I18nProvider>
  );
}
