// v1 calls: listHalqas of the semester (semesters cached); the file's routes and the import action call more.
import { buttonVariants } from "@/components/ui/button";
import { ClientStrings } from "@/components/i18n/client-strings";
import { ImportWizard } from "@/components/students/import/import-wizard";
import { AddStudentsPage } from "@/components/students/add-students-page";
import { STUDENT_STATUSES } from "@/lib/contract";
import type { SearchParams } from "@/lib/web/search-params";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("students.import.title");

/** Admins add a semester's students from a CSV or XLSX file (docs/student-import.md). */
export default function ImportStudentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <AddStudentsPage
      searchParams={searchParams}
      way="import"
      intro={(t) => (
        <>
          <p className="max-w-prose text-muted-foreground">{t("students.import.intro")}</p>
          <p className="max-w-prose text-sm text-muted-foreground">{t("students.import.columnsHint")}</p>
          <p>
            <a href="/students/import/template" className={buttonVariants({ variant: "outline" })} download>
              {t("students.import.template")}
            </a>
          </p>
        </>
      )}
      form={(semester, halqas, t) => (
        <ClientStrings parts={["students.import", "students.form", "errors"]}>
          <ImportWizard
            key={semester.id}
            semesterId={semester.id}
            halqas={halqas.map((halqa) => ({ id: halqa.id, name: halqa.name }))}
            statuses={STUDENT_STATUSES.map((value) => ({ value, label: t(`students.status.${value}`) }))}
          />
        </ClientStrings>
      )}
    />
  );
}
