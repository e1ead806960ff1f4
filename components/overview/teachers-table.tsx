import Link from "next/link";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import type { TeacherRow } from "@/lib/features/overview/load";
import type { I18n } from "@/lib/i18n/core";
import { OverviewTable } from "./overview-table";

/** Each teacher's last register and the registers missing this week, the most missing first. */
export function TeachersTable({ rows, i18n, caption }: { rows: TeacherRow[]; i18n: I18n; caption: string }) {
  const { t } = i18n;
  return (
    <OverviewTable
      caption={caption}
      columns={[
        t("overview.home.teachers.teacher"),
        t("overview.home.teachers.last"),
        t("overview.home.teachers.missing"),
      ]}
    >
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableHead scope="row" className="font-medium text-foreground">
            <bdi>{row.name}</bdi>
          </TableHead>
          <TableCell>
            {row.last ? (
              <Link
                href={`/sessions/${encodeURIComponent(row.last.sessionId)}`}
                prefetch={false}
                className="underline-offset-4 hover:underline"
              >
                {i18n.date(row.last.date)}
              </Link>
            ) : (
              t("overview.home.teachers.never")
            )}
          </TableCell>
          <TableCell className={row.missing > 0 ? "font-semibold text-destructive" : undefined}>
            {i18n.number(row.missing)}
          </TableCell>
        </TableRow>
      ))}
    </OverviewTable>
  );
}
