import format, { type CompiledMessage } from "icu-minify/format";
import { localDigits } from "./digits";
import { intlTag, tagNumberFormat, type Locale, type Numerals } from "./locales";
import { localValues, type Vars } from "./values";

/**
 * Messages for the browser, compiled on the server (icu-minify, next-intl's precompiled message
 * format: lib/i18n/core.ts `clientMessages`) and formatted here without an ICU parser, so a page's
 * script grows by under a kilobyte for all of its words, not by the parser's thirteen.
 */
export type { CompiledMessage };

const cached = <A extends unknown[], R>(make: (...args: A) => R) => {
  const made = new Map<string, R>();
  return (...args: A) => {
    const key = JSON.stringify(args);
    let found = made.get(key);
    if (!found) made.set(key, (found = make(...args)));
    return found;
  };
};

const intlNumberFormat = cached(
  (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
);

const formatters = {
  // A plural's `#` asks with the tag alone: the digits' fast path (lib/i18n/locales.ts); a styled number, Intl.
  // icu-minify calls only `format` of what this returns (its own types ask for a whole Intl.NumberFormat).
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) =>
    typeof args[0] === "string" && args[1] === undefined
      ? (tagNumberFormat(args[0]) as Intl.NumberFormat)
      : intlNumberFormat(...args),
  getPluralRules: cached((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
  getDateTimeFormat: cached(
    (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  ),
};

/** The plural and select arguments of a compiled message (their values choose a form). */
export function selectorsOf(message: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(message)) return into;
  for (const node of message) {
    if (!Array.isArray(node)) continue;
    const [name, type, options] = node as [string, unknown, unknown];
    if ((type === 1 || type === 2 || type === 3) && options && typeof options === "object") {
      into.add(name);
      for (const option of Object.values(options)) selectorsOf(option, into);
    }
  }
  return into;
}

/** The compiled message at a dotted path of a (part of a) compiled catalogue, if there is one. */
export function messageAt(messages: unknown, key: string): CompiledMessage | undefined {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" || Array.isArray(node) ? (node as CompiledMessage) : undefined;
}

/**
 * The message with the digits of its own words in the reader's digits ("the last 7 days", "6236
 * ayahs" are numbers too): its text only, never a value filled in (a name, an address) nor a
 * plural's `=0`. With Western digits, the message as it is.
 */
export function withLocalDigits<M extends CompiledMessage>(message: M, locale: Locale, numerals: Numerals): M {
  if (numerals === "western") return message;
  const local = (node: unknown): unknown => {
    if (typeof node === "string") return localDigits(node, locale, numerals);
    if (!Array.isArray(node)) return node;
    // A node of the message: literal text, or [name, type, options] whose options are messages.
    return node.map((part) => {
      if (typeof part === "string") return localDigits(part, locale, numerals);
      if (!Array.isArray(part)) return part;
      const [name, type, options, ...rest] = part as [unknown, unknown, unknown, ...unknown[]];
      const localOptions =
        options && typeof options === "object" && !Array.isArray(options)
          ? Object.fromEntries(Object.entries(options).map(([key, value]) => [key, local(value)]))
          : options;
      return [name, type, localOptions, ...rest];
    });
  };
  return local(message) as M;
}

/** A compiled message filled with vars, numbers in the reader's digits; null when it cannot be (a value missing). */
export function formatCompiled(
  locale: Locale,
  compiled: CompiledMessage,
  vars: Vars = {},
  numerals: Numerals = "western",
): string | null {
  const message = withLocalDigits(compiled, locale, numerals);
  if (typeof message === "string") return message;
  try {
    return String(
      format(message, intlTag(locale, numerals), localValues(locale, selectorsOf(message), vars, numerals), {
        formatters,
      }),
    );
  } catch {
    return null;
  }
}
