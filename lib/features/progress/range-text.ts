import { surahInfo, type QuranPoint } from "@/lib/quran";
import type { I18n } from "@/lib/i18n/core";
import { isRightToLeft } from "@/lib/i18n/locales";

/** What a passage's words need: the reader's messages, language and digits. */
export type RangeWords = Pick<I18n, "t" | "locale" | "number">;

/** A surah's name as the reader's language writes it (Arabic in Arabic and Urdu, else transliterated). */
export function surahName(number: number, locale: I18n["locale"]): string {
  const surah = surahInfo(number);
  if (!surah) return String(number);
  return isRightToLeft(locale) ? surah.name_arabic : surah.name_transliteration;
}

/**
 * A passage in the reader's language and digits: "Al-Baqarah 203–252", or "Al-Baqarah 253 –
 * Aal-i-Imran 14" across surahs (the surah's Arabic name in Arabic and Urdu). The one wording of a
 * passage in a sentence: the Quran map, a family's page and the weekly e-mail.
 */
export function rangeText(first: QuranPoint, last: QuranPoint, { t, locale, number }: RangeWords): string {
  if (first.surah === last.surah)
    return t("quranMap.rangeWithin", {
      surah: surahName(first.surah, locale),
      from: number(first.ayah),
      to: number(last.ayah),
    });
  return t("quranMap.rangeAcross", {
    startSurah: surahName(first.surah, locale),
    startAyah: number(first.ayah),
    endSurah: surahName(last.surah, locale),
    endAyah: number(last.ayah),
  });
}
