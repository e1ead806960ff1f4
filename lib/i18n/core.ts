import compile from "icu-minify/compile";
// use-intl/core is what next-intl re-exports for any runtime: no React, so scripts and benches load it too.
import { createTranslator } from "use-intl/core";
import { catalogueOf, lackingKeys } from "./catalogues";
import { formatCompiled, messageAt, selectorsOf, type CompiledMessage } from "./compiled";
import {
  DEFAULT_FORMATS,
  directionOf,
  intlTag,
  numberFormat,
  type Formats,
  type Locale,
  type Numerals,
} from "./locales";
import { schoolTime, separatorOf } from "./school-time";
import type { MessageKey, Messages, PathOf } from "./types";
import { reportMissingMessage } from "./missing";
import { localValues, type Vars } from "./values";

export { directionOf, isLocale, LOCALES, type Locale } from "./locales";
export type { Vars } from "./values";
export type { MessageKey };
export type Translate = (key: MessageKey, vars?: Vars) => string;
export type Namespace = keyof Messages;
/** A namespace or a part of one, down to a single string: `"live"`, `"students.status"`, `"common.retry"`. */
export type MessagePart = PathOf<Messages>;
/** A part of a catalogue as the browser receives it: each message compiled (lib/i18n/compiled.ts). */
export type Compiled<T> = { [K in keyof T]: T[K] extends string ? CompiledMessage : Compiled<T[K]> };
/** What a client component may read: parts of the reader's catalogue (clientMessages). */
export type ClientMessages = { [N in Namespace]?: Compiled<Messages[N]> };

/** A key no catalogue has reads as its own full name, logged once (the catalogue tests and typed keys keep it from happening). */
const missingAsKey =
  (locale: Locale) =>
  ({ namespace, key, error }: { namespace?: string; key: string; error: { code: string } }) => {
    const full = namespace ? `${namespace}.${key}` : key;
    if (error.code === "MISSING_MESSAGE") reportMissingMessage(locale, full);
    return full;
  };

type Raw = { (key: string, values?: Vars): string; raw(key: string): unknown };
const translators = new Map<string, Raw>();

function rawTranslator(locale: Locale, numerals: Numerals): Raw {
  const tag = intlTag(locale, numerals);
  let t = translators.get(tag);
  if (!t) {
    t = createTranslator({
      locale: tag,
      messages: catalogueOf(locale),
      onError: () => undefined,
      getMessageFallback: missingAsKey(locale),
    }) as unknown as Raw;
    translators.set(tag, t);
  }
  return t;
}

/** Whether `key` names a message (of the English catalogue, which types the keys): an action's field error must. */
export function isMessageKey(key: string): key is MessageKey {
  return typeof messageAt(catalogueOf("en"), key) === "string";
}

/**
 * `{name}` placeholders filled from vars, numbers in the school's digits (Western unless it chose its
 * language's own), plurals chosen for the locale (ICU, by next-intl).
 */
export function translator(locale: Locale, numerals: Numerals = "western"): Translate {
  const t = rawTranslator(locale, numerals);
  const lacking = lackingKeys(locale);
  return (key, vars) => {
    const template = t.raw(key);
    if (lacking.has(key)) reportMissingMessage(locale, key);
    if (typeof template !== "string") return key;
    // Without vars the message as written (its text, for a message without placeholders).
    // Its plural and select arguments are read from the message as compiled for the browser: one reading of a message's shape.
    // In a school's own digits, the message's words too ("the last 7 days"): formatted as the browser formats it.
    const compiled = messageAt(compiledCatalogue(locale), key);
    if (numerals !== "western" && compiled !== undefined) {
      const local = formatCompiled(locale, compiled, vars, numerals);
      if (local !== null) return local;
    }
    return vars ? t(key, localValues(locale, selectorsOf(compiled), vars, numerals)) : template;
  };
}

/**
 * The parts of the reader's catalogue that client components under an `<I18nProvider>` read with
 * `useT` (lib/i18n/client.tsx): whole namespaces (`"live"`) or parts of one (`"students.status"`), so a
 * page sends the browser only the strings its client components use.
 */
export function clientMessages(locale: Locale, parts: readonly MessagePart[]): ClientMessages {
  for (const key of lackingKeys(locale))
    if (parts.some((part) => key === part || key.startsWith(`${part}.`))) reportMissingMessage(locale, key);
  const messages: Record<string, unknown> = {};
  for (const part of parts) {
    const path = part.split(".");
    let from: unknown = compiledCatalogue(locale);
    let into = messages;
    path.forEach((name, index) => {
      from = (from as Record<string, unknown>)[name];
      if (index === path.length - 1) into[name] = from;
      else into = (into[name] ??= {}) as Record<string, unknown>;
    });
  }
  return messages as ClientMessages;
}

const compiledCatalogues = new Map<Locale, unknown>();

/** The reader's catalogue with every message compiled once (icu-minify, next-intl's precompiled format). */
function compiledCatalogue(locale: Locale): unknown {
  // Through JSON: the compiler's option maps have no prototype, which React refuses to send to a client component.
  const compileAll = (node: unknown): unknown =>
    typeof node === "string"
      ? JSON.parse(JSON.stringify(compile(node)))
      : Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, compileAll(v)]));
  let compiled = compiledCatalogues.get(locale);
  if (!compiled) compiledCatalogues.set(locale, (compiled = compileAll(catalogueOf(locale))));
  return compiled;
}

export function formatNumber(locale: Locale, value: number, numerals: Numerals = "western"): string {
  return numberFormat(locale, numerals).format(value);
}

/**
 * Everything a page needs to speak the reader's language, with times in the school's zone (null:
 * unknown, shown as UTC), digits and calendars as the school chose (lib/i18n/locales.ts `Formats`).
 */
export function i18nFor(locale: Locale, timeZone: string | null, formats: Formats = DEFAULT_FORMATS) {
  const clock = schoolTime(locale, timeZone, formats);
  return {
    locale,
    dir: directionOf(locale),
    t: translator(locale, formats.numerals),
    timeZone,
    formats,
    date: clock.date,
    dateParts: clock.dateParts,
    time: clock.time,
    separator: separatorOf(locale),
    number: (value: number) => formatNumber(locale, value, formats.numerals),
  };
}
export type I18n = ReturnType<typeof i18nFor>;
