/**
 * Catalogue messages: plain text with `{name}` placeholders, and counts in ICU's plural syntax,
 * `{n, plural, one {# change} other {# changes}}`, where `#` is the count formatted for the locale
 * and a category is chosen by `Intl.PluralRules` (`=0`-style exact matches win over categories).
 * Pure and small so that client components fill the templates the server hands them the same way.
 */
import type { Locale, Vars } from "./core";

type Part = string | { kind: "pound" } | { kind: "arg"; name: string } | { kind: "plural"; name: string; forms: Map<string, Part[]> };

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  parse(inPlural: boolean): Part[] {
    const parts: Part[] = [];
    let literal = "";
    const flush = () => {
      if (literal) parts.push(literal);
      literal = "";
    };
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === "}") break;
      if (char === "#" && inPlural) {
        flush();
        parts.push({ kind: "pound" });
        this.at++;
      } else if (char === "{") {
        flush();
        parts.push(this.argument());
      } else {
        literal += char;
        this.at++;
      }
    }
    flush();
    return parts;
  }

  private argument(): Part {
    const close = this.text.indexOf("}", this.at);
    const head = /^\{\s*(\w+)\s*(?:,\s*plural\s*,)?/.exec(this.text.slice(this.at, close === -1 ? undefined : close + 1));
    if (!head?.[1]) throw new SyntaxError(`Bad placeholder at ${this.at} in "${this.text}"`);
    this.at += head[0].length;
    if (!head[0].includes("plural")) {
      this.expect("}");
      return { kind: "arg", name: head[1] };
    }
    const forms = new Map<string, Part[]>();
    for (;;) {
      const selector = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(this.text.slice(this.at));
      if (!selector?.[1]) break;
      this.at += selector[0].length;
      forms.set(selector[1], this.parse(true));
      this.expect("}");
    }
    this.at += /^\s*/.exec(this.text.slice(this.at))?.[0].length ?? 0;
    this.expect("}");
    if (!forms.has("other")) throw new SyntaxError(`Plural without "other" in "${this.text}"`);
    return { kind: "plural", name: head[1], forms };
  }

  private expect(char: string) {
    if (this.text[this.at] !== char) throw new SyntaxError(`Expected "${char}" at ${this.at} in "${this.text}"`);
    this.at++;
  }
}

const parsed = new Map<string, Part[]>();

function parse(template: string): Part[] {
  let parts = parsed.get(template);
  if (!parts) {
    const reader = new Reader(template);
    parts = reader.parse(false);
    if (reader.at !== template.length) throw new SyntaxError(`Unbalanced "}" in "${template}"`);
    parsed.set(template, parts);
  }
  return parts;
}

const tag = (locale: Locale) => (locale === "ar" ? "ar-SA" : "en-GB");
const numberFormats = new Map<Locale, Intl.NumberFormat>();
const pluralRules = new Map<Locale, Intl.PluralRules>();

export function numberFormat(locale: Locale): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(tag(locale))));
  return format;
}

function pluralRulesOf(locale: Locale): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(tag(locale))));
  return rules;
}

/** Fills a catalogue template; a placeholder without a value is left as written, so a missing one shows. */
export function formatMessage(locale: Locale, template: string, vars: Vars = {}): string {
  const numbers = numberFormat(locale);
  const render = (parts: Part[], count: number | null): string =>
    parts
      .map((part) => {
        if (typeof part === "string") return part;
        if (part.kind === "pound") return count === null ? "#" : numbers.format(count);
        const value = vars[part.name];
        if (value === undefined) return `{${part.name}}`;
        if (part.kind === "arg") return typeof value === "number" ? numbers.format(value) : value;
        const n = Number(value);
        const forms = part.forms.get(`=${n}`) ?? part.forms.get(pluralRulesOf(locale).select(n)) ?? part.forms.get("other") ?? [];
        return render(forms, n);
      })
      .join("");
  return render(parse(template), null);
}

/** Every placeholder a template uses, plural or not (for the catalogue tests). */
export function placeholdersOf(template: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === "string" || part.kind === "pound") continue;
      names.add(part.name);
      if (part.kind === "plural") for (const forms of part.forms.values()) walk(forms);
    }
  };
  walk(parse(template));
  return [...names].sort();
}

/** The plural arguments of a template and the categories each one spells out (exact `=n` matches left out). */
export function pluralsOf(template: string): { name: string; categories: string[] }[] {
  const out: { name: string; categories: string[] }[] = [];
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === "string" || part.kind !== "plural") continue;
      out.push({ name: part.name, categories: [...part.forms.keys()].filter((key) => !key.startsWith("=")).sort() });
      for (const forms of part.forms.values()) walk(forms);
    }
  };
  walk(parse(template));
  return out;
}

/** The categories a language's counts need, per CLDR (English: one, other; Arabic: all six). */
export function pluralCategoriesOf(locale: Locale): string[] {
  return [...pluralRulesOf(locale).resolvedOptions().pluralCategories].sort();
}
