import { separatorOf } from "@/lib/i18n/school-time";
import type { SurahOption } from "@/lib/features/live/recitation-form";
import type { WeakAyah } from "@/lib/features/notebook/weak-passages";
import type { I18n } from "@/lib/i18n/core";
import { isRightToLeft } from "@/lib/i18n/locales";

/** Weak passages, staff only (issue 29): each ayah where mistakes recur, its page, counts, last day and types. */
export function WeakPassagesView({
  weak,
  surahs,
  typeName,
  halqa = false,
  i18n,
}: {
  weak: readonly WeakAyah[];
  surahs: readonly SurahOption[];
  typeName: (id: string) => string;
  halqa?: boolean;
  i18n: Pick<I18n, "t" | "locale" | "number" | "date">;
}) {
  const { t, locale, number, date } = i18n;
  if (weak.length === 0)
    return <p className="text-muted-foreground">{halqa ? t("live.weak.noneHalqa") : t("live.weak.none")}</p>;
  // Arabic-script numbers are never separated by a middle dot (docs/glossary.md).
  const sep = separatorOf(locale);
  const surahName = (n: number) => {
    const surah = surahs[n - 1];
    return surah ? (isRightToLeft(locale) ? surah.name_arabic : surah.name_transliteration) : number(n);
  };
  return (
    <ul className="flex flex-col gap-2">
      {weak.map((w) => (
        <li key={`${w.at.surah}:${w.at.ayah}`} className="flex flex-col gap-0.5 rounded-md border border-border p-3">
          <span className="font-medium">
            {t("live.weak.ayah", { surah: surahName(w.at.surah), ayah: number(w.at.ayah), page: number(w.page) })}
          </span>
          <span className="text-sm">
            {halqa
              ? t("live.weak.students", { students: w.students, mistakes: w.mistakes })
              : t("live.weak.counts", { mistakes: w.mistakes, recitations: w.recitations })}
            {sep}
            {t("live.weak.last", { date: date(w.lastDay) })}
          </span>
          <span className="text-sm text-muted-foreground">
            {Object.entries(w.byType)
              .map(([type, n]) => `${typeName(type)} ${number(n)}`)
              .join(sep)}
          </span>
        </li>
      ))}
    </ul>
  );
}
