/**
 * A message a catalogue lacks, in production as in development: the reader sees the English text
 * (catalogues.ts fills every language from English), and the gap is logged once per language and
 * key, never per request. The one place that logs it, so the logger can be swapped (pino).
 */
const reported = new Set<string>();

export function reportMissingMessage(locale: string, key: string): void {
  const id = `${locale}\u0000${key}`;
  if (reported.has(id)) return;
  reported.add(id);
  console.warn(
    `[i18n] missing message ${key} in ${locale}: ${locale === "en" ? "no text in any language" : "shown in English"}`,
  );
}
