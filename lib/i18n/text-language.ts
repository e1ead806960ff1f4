/**
 * The language of a text the school wrote (an assignment's explanation), for `lang`: the API does
 * not say which language it is in, so it is read from the script. Arabic letters → `ar`; Latin
 * letters only → `en` (the dashboard's other language; schools write to families in one of the two);
 * anything else (digits only, another script) → undefined, and no `lang` is claimed.
 */
export function textLanguage(text: string): "ar" | "en" | undefined {
  const arabic = (text.match(/[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z\u00C0-\u024F]/g) ?? []).length;
  if (arabic === 0 && latin === 0) return undefined;
  return arabic >= latin ? "ar" : "en";
}
