import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { School, Surah } from "@/lib/contract";
import type { RecitationItem } from "@/lib/features/sessions/queries";
import type { I18n } from "@/i18n/server";
import { RangeText, ratingLabel } from "./format";

const KINDS = ["new_memorization", "recent_revision", "old_revision"] as const;

type Props = {
  recitations: readonly RecitationItem[];
  surahs: readonly Surah[];
  school: School;
  i18n: I18n;
  labelledBy: string;
};

export function RecitationsTable({ recitations, surahs, school, i18n, labelledBy }: Props) {
  const { t, number } = i18n;
  const kindText = (kind: string) =>
    (KINDS as readonly string[]).includes(kind) ? t(`sessions.recitation.${kind as (typeof KINDS)[number]}`) : kind;
  return (
    <Table aria-labelledby={labelledBy}>
      <TableHeader>
        <TableRow>
          <TableHead>{t("sessions.recitation.student")}</TableHead>
          <TableHead>{t("sessions.recitation.kind")}</TableHead>
          <TableHead>{t("sessions.recitation.range")}</TableHead>
          <TableHead>{t("sessions.recitation.rating")}</TableHead>
          <TableHead>{t("sessions.recitation.mistakes")}</TableHead>
          <TableHead>{t("sessions.recitation.note")}</TableHead>
          <TableHead>{t("sessions.recitation.recordedAt")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {recitations.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{r.studentName ?? t("sessions.unknownStudent")}</TableCell>
            <TableCell>{kindText(r.kind)}</TableCell>
            <TableCell>
              <RangeText range={r.range} surahs={surahs} i18n={i18n} />
            </TableCell>
            <TableCell>{ratingLabel(school, i18n, r.rating)}</TableCell>
            <TableCell>{r.mistakes != null ? number(r.mistakes) : null}</TableCell>
            <TableCell>{r.note}</TableCell>
            <TableCell className="whitespace-nowrap">{i18n.time(r.recorded_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
