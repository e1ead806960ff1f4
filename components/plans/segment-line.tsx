import { RangeLabel } from "@/components/students/recitation-history";
import type { AssignmentSegment } from "@/lib/contract";
import type { SurahName } from "@/lib/features/students/recitations";
import type { Translate } from "@/lib/i18n/core";

/** One Quran segment of an assignment: its track, then its range. */
export function SegmentLine({
  segment,
  surahs,
  t,
  number,
}: {
  segment: AssignmentSegment;
  surahs: ReadonlyMap<number, SurahName>;
  t: Translate;
  number: (n: number) => string;
}) {
  return (
    <li className="text-sm">
      <span className="text-muted-foreground">{t(`students.recitations.kinds.${segment.track_type}`)}: </span>
      <RangeLabel range={segment.range} surahs={surahs} t={t} number={number} />
    </li>
  );
}
