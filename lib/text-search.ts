/**
 * Name search done in memory over lists fetched whole: case-, accent- and Arabic-spelling-insensitive,
 * so "al harbi" finds "Al-Harbi" and "احمد" finds "أحمد".
 */
const ARABIC_VARIANTS: Record<string, string> = { ة: "ه", ى: "ي", ـ: "" };

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
  const words = normalizeForSearch(query ?? "")
    .split(" ")
    .filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts
    .filter((text): text is string => Boolean(text))
    .map(normalizeForSearch)
    .join(" ");
  return words.every((word) => haystack.includes(word));
}

/** Lists shown by name, in the same order everywhere. */
export function byName(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name);
}
