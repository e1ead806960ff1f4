import Link from "next/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { TeacherRow } from "@/lib/features/overview/load";
import type { I18n } from "@/lib/i18n/core";

/** Each teacher's last register and the registers missing this week, the most missing first. */
export function TeachersTable({ rows, i18n, caption }: { rows: TeacherRow[]; i18n: I18n; caption: string }) {
  const { t } = i18n;
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("overview.home.teachers.teacher")}</TableHead>
          <TableHead>{t("overview.home.teachers.last")}</TableHead>
          <TableHead>{t("overview.home.teachers.missing")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
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
      </TableBody>
    </Table>
  );
}
