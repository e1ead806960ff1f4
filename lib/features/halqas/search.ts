/**
 * Name search done in memory over lists fetched whole: case-, accent- and Arabic-spelling-insensitive,
 * so "al harbi" finds "Al-Harbi" and "احمد" finds "أحمد".
 */
const ARABIC_VARIANTS: Record<string, string> = { "ة": "ه", "ى": "ي", "ـ": "" };

export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "") // Latin accents, Arabic short vowels, and the hamza that NFKD splits off أ إ آ
    .replace(/[ةىـ]/g, (char) => ARABIC_VARIANTS[char] ?? char)
    .toLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, " ")
    .trim();
}

/** Every word of the query occurs in one of the texts (empty query: everything matches). */
export function matchesQuery(texts: readonly (string | null | undefined)[], query: string | undefined): boolean {
  const words = normalizeForSearch(query ?? "").split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.filter((text): text is string => Boolean(text)).map(normalizeForSearch).join(" ");
  return words.every((word) => haystack.includes(word));
}

export type SearchParams = Record<string, string | string[] | undefined>;

/** One value of a URL parameter: the first when repeated, trimmed, and absent when empty or absurdly long. */
export function firstParam(params: SearchParams, name: string, maxLength = 200): string | undefined {
  const raw = params[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value && value.length <= maxLength ? value : undefined;
}

/** A value from a closed list, or undefined. */
export function oneOf<const T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((option) => option === value);
}

/** A query string with the given values, leaving out the empty ones. */
export function hrefWith(path: string, values: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) search.set(name, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
