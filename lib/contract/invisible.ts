/**
 * Characters with no glyph of their own: Unicode's default-ignorable set — zero-width spaces and
 * joiners, the direction marks (LRM, RLM, ALM), the soft hyphen, the Hangul fillers (U+115F, U+1160,
 * U+3164, U+FFA0, which Unicode files as letters), variation selectors, the BOM. Stored text keeps
 * the marks Arabic uses (docs/contract.md, "Text"); what a text *shows*, and whether a cell starts a
 * formula, is judged with them passed over.
 */
export const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** What a reader sees of a text: without its invisible characters, and without spaces at its ends. */
export function visiblePart(value: string): string {
  return value.replace(INVISIBLE, "").trim();
}

/** Whether a reader sees a letter or a digit in the text (a name needs one). */
export function showsLetterOrDigit(value: string): boolean {
  return /[\p{L}\p{N}]/u.test(visiblePart(value));
}
