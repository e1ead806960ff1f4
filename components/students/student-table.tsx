import Link from "next/link";
import { DataTable, RowHeader } from "@/components/ui/data-table";
import { linkClass } from "@/components/ui/text-link";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Student } from "@/lib/contract";
import type { Translate } from "@/lib/i18n/core";
import { StudentStatusBadge } from "./student-status-badge";

type Props = {
  students: Student[];
  caption: string;
  t: Translate;
  /** The halqa column's names; no halqa column without them (one halqa's roster). */
  halqaNames?: ReadonlyMap<string, string>;
  /** The enrolment date column's format; no such column without it. */
  formatDate?: (date: string) => string;
};

/** Students, each linking to the student's page: the students list, and one halqa's roster. */
export function StudentTable({ students, halqaNames, caption, t, formatDate }: Props) {
  const missing = <span className="text-muted-foreground">{t("students.notRecorded")}</span>;
  const columns = [
    { label: t("students.list.name") },
    { label: t("students.list.preferredName") },
    ...(halqaNames ? [{ label: t("students.list.halqa") }] : []),
    { label: t("students.list.status") },
    ...(formatDate ? [{ label: t("students.list.enrolledOn") }] : []),
  ];
  return (
    <DataTable caption={caption} columns={columns}>
      {students.map((student) => (
        <TableRow key={student.id}>
          <RowHeader>
            <Link href={`/students/${encodeURIComponent(student.id)}`} className={linkClass}>
              {student.full_name}
            </Link>
          </RowHeader>
          <TableCell>{student.preferred_name ?? missing}</TableCell>
          {halqaNames ? <TableCell>{halqaNames.get(student.halqa_id) ?? missing}</TableCell> : null}
          <TableCell>
            <StudentStatusBadge status={student.status} t={t} />
          </TableCell>
          {formatDate ? (
            <TableCell className="whitespace-nowrap">
              {student.enrolled_on ? formatDate(student.enrolled_on) : missing}
            </TableCell>
          ) : null}
        </TableRow>
      ))}
    </DataTable>
  );
}
