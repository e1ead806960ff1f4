import { SurahLabel } from "@/components/students/recitation-history";
import type { QuranPoint } from "@/lib/quran";
import type { SurahName } from "@/lib/features/students/recitations";
import type { Translate } from "@/lib/i18n/core";

/** A Quran position as people read it: the surah by both names, then the ayah. */
export function QuranPosition({
  point,
  surahs,
  t,
}: {
  point: QuranPoint;
  surahs: ReadonlyMap<number, SurahName>;
  t: Translate;
}) {
  const surah = surahs.get(point.surah) ?? {
    number: point.surah,
    name_arabic: String(point.surah),
    name_transliteration: String(point.surah),
  };
  return (
    <>
      <SurahLabel surah={surah} /> {t("plans.position.ayah", { ayah: point.ayah })}
    </>
  );
}
