// v1 call budget: V1_CALL_BUDGETS["/students/new"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { ClientStrings } from "@/components/i18n/client-strings";
import { AddStudentsPage } from "@/components/students/add-students-page";
import { StudentForm } from "@/components/students/student-form";
import { selectChoices } from "@/lib/features/pickers/choices";
import { STUDENT_STATUSES } from "@/lib/contract";
import type { SearchParams } from "@/lib/web/search-params";
import { createStudent } from "@/lib/features/students/actions";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("students.new.title");

export default function NewStudentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <AddStudentsPage
      searchParams={searchParams}
      way="new"
      intro={(t) => <p className="text-muted-foreground">{t("students.new.intro")}</p>}
      form={(semester, halqas, t) => (
        <ClientStrings parts={["students.form", "paging.picker"]}>
          <StudentForm
            // A new form when the semester changes: its halqa picker holds other halqas.
            key={semester.id}
            mode="create"
            action={createStudent}
            halqas={selectChoices(halqas)}
            semesterId={semester.id}
            statuses={STUDENT_STATUSES.map((value) => ({ value, label: t(`students.status.${value}`) }))}
            initial={{ full_name: "", preferred_name: "", halqa_id: "", status: "active", enrolled_on: "" }}
          />
        </ClientStrings>
      )}
    />
  );
}
