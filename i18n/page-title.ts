import "server-only";
import type { Metadata } from "next";
import type { MessageKey } from "@/lib/i18n/core";
import { getI18n } from "./server";

/** A page's `generateMetadata`: its title in the reader's language. `export const generateMetadata = pageTitle("halqas.title");` */
export function pageTitle(key: MessageKey): () => Promise<Metadata> {
  return async () => {
    const { t } = await getI18n();
    return { title: t(key) };
  };
}
