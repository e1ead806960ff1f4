import { DataTable, RowHeader } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { TableCell, TableRow } from "@/components/ui/table";
import type { RatingLevel, Recitation } from "@/lib/contract";
import { describeRange, ratingLabel, type SurahName } from "@/lib/features/students/recitations";
import type { Locale, Translate } from "@/lib/i18n/core";

type Props = {
  recitations: Recitation[];
  surahs: ReadonlyMap<number, SurahName>;
  scale: readonly RatingLevel[];
  locale: Locale;
  t: Translate;
  number: (n: number) => string;
  formatDate: (timestamp: string) => string;
};

/** A surah by both names: Arabic (marked as such) and the transliteration. */
export function SurahLabel({ surah }: { surah: SurahName }) {
  return (
    <>
      <bdi lang="ar" className="font-medium">
        {surah.name_arabic}
      </bdi>{" "}
      <bdi lang="en" className="text-muted-foreground">
        ({surah.name_transliteration})
      </bdi>
    </>
  );
}

export function RangeLabel({
  range,
  surahs,
  t,
  number,
}: {
  range: Recitation["range"];
  surahs: Props["surahs"];
  t: Translate;
  number: Props["number"];
}) {
  const view = describeRange(range, surahs);
  if (view.kind === "within") {
    return (
      <>
        <SurahLabel surah={view.surah} />{" "}
        {view.from === view.to
          ? t("students.recitations.ayah", { number: view.from })
          : t("students.recitations.ayahs", { from: view.from, to: view.to })}
      </>
    );
  }
  return (
    <>
      <SurahLabel surah={view.start.surah} /> {number(view.start.ayah)} {t("students.recitations.to")}{" "}
      <SurahLabel surah={view.end.surah} /> {number(view.end.ayah)}
    </>
  );
}

/** Every recitation of the student, newest first, with the school's rating words. */
export function RecitationHistory({ recitations, surahs, scale, locale, t, number, formatDate }: Props) {
  if (!recitations.length) return <EmptyState title={t("students.recitations.empty")} />;
  const columns = (["date", "kind", "range", "rating", "mistakes", "note"] as const).map((column) => ({
    label: t(`students.recitations.${column}`),
  }));
  return (
    <DataTable caption={t("students.recitations.caption")} columns={columns}>
      {recitations.map((recitation) => (
        <TableRow key={recitation.id} className="align-top">
          <RowHeader>{formatDate(recitation.recorded_at)}</RowHeader>
          <TableCell>{t(`students.recitations.kinds.${recitation.kind}`)}</TableCell>
          <TableCell>
            <RangeLabel range={recitation.range} surahs={surahs} t={t} number={number} />
          </TableCell>
          <TableCell>{ratingLabel(scale, recitation.rating, locale)}</TableCell>
          <TableCell className="tabular-nums">
            {recitation.mistakes === null ? (
              <span className="text-muted-foreground">{t("students.notRecorded")}</span>
            ) : (
              number(recitation.mistakes)
            )}
          </TableCell>
          <TableCell>{recitation.note ? <bdi dir="auto">{recitation.note}</bdi> : null}</TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
