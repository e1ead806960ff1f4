import Link from "next/link";
import { StudentStatusBadge } from "@/components/students/student-status-badge";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Student } from "@/lib/contract";
import type { Translate } from "@/lib/i18n/core";
import { DataTable, RowHeader } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { linkClass } from "@/components/ui/text-link";

/** The students of one halqa record, each linking to the student's page. */
export function HalqaRoster({ students, halqaName, t }: { students: Student[]; halqaName: string; t: Translate }) {
  if (!students.length) return <EmptyState title={t("halqas.detail.rosterEmpty")} />;
  const columns = [{ label: t("halqas.detail.studentName") }, { label: t("halqas.detail.preferredName") }, { label: t("halqas.detail.status") }];
  return (
    <DataTable caption={t("halqas.detail.rosterCaption", { halqa: halqaName })} columns={columns}>
      {students.map((student) => (
        <TableRow key={student.id}>
          <RowHeader>
            <Link href={`/students/${encodeURIComponent(student.id)}`} className={linkClass}>
              {student.full_name}
            </Link>
          </RowHeader>
          <TableCell>{student.preferred_name ?? <span className="text-muted-foreground">{t("students.notRecorded")}</span>}</TableCell>
          <TableCell>
            <StudentStatusBadge status={student.status} t={t} />
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
