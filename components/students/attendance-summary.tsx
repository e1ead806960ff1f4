import { DataTable, RowHeader } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { TableCell, TableRow } from "@/components/ui/table";
import { ATTENDANCE_STATUSES } from "@/lib/contract";
import { RECENT_SESSION_LIMIT, type AttendanceSummary } from "@/lib/features/students/attendance";
import type { Translate } from "@/lib/i18n/core";

/** Counts per attendance status over the last sessions of the student's halqa (see RECENT_SESSION_LIMIT). */
export function AttendanceSummaryView({ summary, t, number }: { summary: AttendanceSummary; t: Translate; number: (n: number) => string }) {
  if (summary.sessions === 0) return <EmptyState title={t("students.attendance.none")} />;
  const rows = [
    ...ATTENDANCE_STATUSES.map((status) => ({ key: status, label: t(`students.attendance.${status}`), count: summary.counts[status] })),
    { key: "unmarked", label: t("students.attendance.unmarked"), count: summary.unmarked },
  ];
  const columns = [{ label: t("students.attendance.statusColumn") }, { label: t("students.attendance.countColumn"), align: "end" as const }];
  return (
    <div className="flex max-w-md flex-col gap-2">
      <p className="text-sm text-muted-foreground">{t("students.attendance.budget", { count: summary.sessions, limit: RECENT_SESSION_LIMIT })}</p>
      <DataTable caption={t("students.attendance.caption", { count: summary.sessions })} columns={columns}>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <RowHeader>{row.label}</RowHeader>
            <TableCell className="text-end font-medium tabular-nums">{number(row.count)}</TableCell>
          </TableRow>
        ))}
      </DataTable>
    </div>
  );
}
