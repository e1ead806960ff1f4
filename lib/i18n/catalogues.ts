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
export const NAMESPACES = [
  "common",
  "errors",
  "nav",
  "auth",
  "home",
  "halqas",
  "students",
  "sessions",
  "admin",
  "live",
  "plans",
  "family",
  "glance",
  "paging",
  "quranMap",
  "progressReport",
  "notices",
  "excuses",
  "overview",
  "reportCards",
] as const;

const ROOT = path.join(process.cwd(), "messages");
const loaded = new Map<Locale, Messages>();
const lacking = new Map<Locale, ReadonlySet<string>>();

/** A language's own files (`root`: another messages folder, for the tests of a language being added). */
export function readCatalogue(locale: string, root = ROOT): Messages {
  return Object.fromEntries(
    NAMESPACES.map((namespace) => [
      namespace,
      JSON.parse(readFileSync(path.join(root, locale, `${namespace}.json`), "utf8")),
    ]),
  ) as Messages;
}

export function catalogueOf(locale: Locale): Messages {
  let messages = loaded.get(locale);
  if (!messages) {
    const own = readCatalogue(locale);
    if (locale !== "en") lacking.set(locale, keysMissing(catalogueOf("en"), own));
    loaded.set(locale, (messages = locale === "en" ? own : mergeParts(catalogueOf("en"), own)));
  }
  return messages;
}

/** The keys of English a language's own files lack (shown in English; lib/i18n/missing.ts logs them). */
export function lackingKeys(locale: Locale): ReadonlySet<string> {
  catalogueOf(locale);
  return lacking.get(locale) ?? new Set();
}

function keysMissing(english: unknown, own: unknown, prefix = "", into = new Set<string>()): Set<string> {
  for (const [name, value] of Object.entries(english as Record<string, unknown>)) {
    const mine = (own as Record<string, unknown> | undefined)?.[name];
    if (typeof value === "string") {
      if (typeof mine !== "string") into.add(prefix + name);
    } else keysMissing(value, typeof mine === "object" && mine !== null ? mine : undefined, `${prefix}${name}.`, into);
  }
  return into;
}
