import type { School, Surah } from "@/lib/contract";
import type { I18n } from "@/i18n/server";

export function ratingLabel(
  school: Pick<School, "rating_scale">,
  i18n: Pick<I18n, "locale" | "number">,
  rating: number,
): string {
  const level = school.rating_scale.find((l) => l.value === rating);
  if (!level) return i18n.number(rating);
  return i18n.locale === "ar" ? level.label_ar : level.label;
}

/** A surah by both names: the reader's script first, the other beside it. */
export function SurahName({
  surah,
  number,
  i18n,
}: {
  surah: Surah | undefined;
  number: number;
  i18n: Pick<I18n, "locale" | "number">;
}) {
  if (!surah) return <span>{i18n.number(number)}</span>;
  // Each name is its own bidi island, so the ayah numbers after it keep their order in either script.
  const arabic = (
    <span lang="ar" dir="rtl">
      {surah.name_arabic}
    </span>
  );
  const latin = (
    <span lang="en" dir="ltr">
      {surah.name_transliteration}
    </span>
  );
  return i18n.locale === "ar" ? (
    <span>
      {arabic} ({latin})
    </span>
  ) : (
    <span>
      {latin} ({arabic})
    </span>
  );
}

type Point = { surah: number; ayah: number };

export function RangeText({
  range,
  surahs,
  i18n,
}: {
  range: { start: Point; end: Point };
  surahs: readonly Surah[];
  i18n: Pick<I18n, "locale" | "number">;
}) {
  const surah = (n: number) => surahs.find((s) => s.number === n);
  const { start, end } = range;
  if (start.surah === end.surah) {
    return (
      <span>
        <SurahName surah={surah(start.surah)} number={start.surah} i18n={i18n} /> {i18n.number(start.ayah)}
        {end.ayah !== start.ayah ? `–${i18n.number(end.ayah)}` : null}
      </span>
    );
  }
  return (
    <span>
      <SurahName surah={surah(start.surah)} number={start.surah} i18n={i18n} /> {i18n.number(start.ayah)} –{" "}
      <SurahName surah={surah(end.surah)} number={end.surah} i18n={i18n} /> {i18n.number(end.ayah)}
    </span>
  );
}
