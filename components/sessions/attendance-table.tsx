import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AttendanceItem } from "@/lib/features/sessions/queries";
import type { I18n } from "@/i18n/server";
import { markLabel } from "./mark-label";

export function AttendanceTable({
  rows,
  i18n,
  labelledBy,
}: {
  rows: readonly AttendanceItem[];
  i18n: I18n;
  labelledBy: string;
}) {
  const { t, number } = i18n;
  const statusText = (status: string) => markLabel(t, status);
  return (
    <Table aria-labelledby={labelledBy}>
      <TableHeader>
        <TableRow>
          <TableHead>{t("sessions.attendance.student")}</TableHead>
          <TableHead>{t("sessions.attendance.status")}</TableHead>
          <TableHead>{t("sessions.attendance.lateMinutes")}</TableHead>
          <TableHead>{t("sessions.attendance.note")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.studentName ?? t("sessions.unknownStudent")}</TableCell>
            <TableCell>{statusText(row.status)}</TableCell>
            <TableCell>{row.late_minutes != null ? number(row.late_minutes) : null}</TableCell>
            <TableCell>{row.note}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
