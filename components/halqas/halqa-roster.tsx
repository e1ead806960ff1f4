import { StudentTable } from "@/components/students/student-table";
import { EmptyState } from "@/components/ui/empty-state";
import type { Student } from "@/lib/contract";
import type { Translate } from "@/lib/i18n/core";

/** The students of one halqa record, each linking to the student's page. */
export function HalqaRoster({ students, halqaName, t }: { students: Student[]; halqaName: string; t: Translate }) {
  if (!students.length) return <EmptyState title={t("halqas.detail.rosterEmpty")} />;
  return <StudentTable students={students} caption={t("halqas.detail.rosterCaption", { halqa: halqaName })} t={t} />;
}
