import { readFileSync } from "node:fs";
import path from "node:path";
import { mergeParts } from "./merge-parts";
import type { Locale } from "./locales";
import type { Messages } from "./types";

/**
 * The catalogues: `messages/<locale>/<namespace>.json`, ICU MessageFormat as next-intl reads it,
 * English the source of every key (docs/glossary.md says how to add a language). Read from disk on
 * first use by the server (the browser receives only the parts a page sends, lib/i18n/client.tsx).
 * A message a language lacks reads in English; the catalogue tests keep every language complete.
 */
export const NAMESPACES = ["common", "errors", "nav", "auth", "home", "halqas", "students", "sessions", "admin", "live", "plans", "family", "glance", "paging", "quranMap", "progressReport", "notices", "excuses"] as const;

const ROOT = path.join(process.cwd(), "messages");
const loaded = new Map<Locale, Messages>();

function read(locale: Locale): Messages {
  return Object.fromEntries(NAMESPACES.map((namespace) => [namespace, JSON.parse(readFileSync(path.join(ROOT, locale, `${namespace}.json`), "utf8"))])) as Messages;
}

export function catalogueOf(locale: Locale): Messages {
  let messages = loaded.get(locale);
  if (!messages) loaded.set(locale, (messages = locale === "en" ? read("en") : mergeParts(catalogueOf("en"), read(locale))));
  return messages;
}
