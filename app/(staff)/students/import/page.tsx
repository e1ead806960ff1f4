// v1 calls: listHalqas of the semester (semesters cached); the file's routes and the import action call more.
import { BackLink } from "@/components/ui/back-link";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SemesterSwitch } from "@/components/semesters/semester-switch";
import { ClientStrings } from "@/components/i18n/client-strings";
import { ImportWizard } from "@/components/students/import/import-wizard";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { requireActor } from "@/lib/auth/session";
import { STUDENT_STATUSES } from "@/lib/contract";
import { loadNewStudentOptions } from "@/lib/features/students/queries";
import { writeBlockOf } from "@/lib/features/write-access";
import { loadPage } from "@/lib/failures/page";
import { firstParam, hrefWith, type SearchParams } from "@/lib/web/search-params";
import { getI18n } from "@/i18n/server";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("students.import.title");

/** Admins add a semester's students from a CSV or XLSX file (docs/student-import.md). */
export default async function ImportStudentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireActor(["admin"]);
  const semester = firstParam(await searchParams, "semester");
  const [{ t, date }, loaded] = await Promise.all([getI18n(), loadPage(() => loadNewStudentOptions(actor, semester))]);
  if (!loaded.ok)
    return (
      <RefusalPage
        title={t("students.import.title")}
        failure={loaded.failure}
        t={t}
        role={actor.role}
        retryHref="/students/import"
      />
    );
  const options = loaded.value;
  // A school that refuses writes says so before anything is read or sent.
  const blocked = await writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true }));

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <BackLink href={hrefWith("/students", { semester: options.selected?.id })} label={t("students.import.back")} />
        <h1 className="text-3xl font-semibold tracking-tight">{t("students.import.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("students.import.intro")}</p>
        <p className="max-w-prose text-sm text-muted-foreground">{t("students.import.columnsHint")}</p>
        <p>
          <a href="/students/import/template" className={buttonVariants({ variant: "outline" })} download>
            {t("students.import.template")}
          </a>
        </p>
      </header>
      <SemesterSwitch connectionId={actor.connectionId} requested={semester} action="/students/import" />
      {options.selected && options.halqas.length ? (
        <ReadOnlyWhen reason={blocked}>
          <ClientStrings parts={["students.import", "students.form", "errors"]}>
            <ImportWizard
              key={options.selected.id}
              semesterId={options.selected.id}
              halqas={options.halqas.map((halqa) => ({ id: halqa.id, name: halqa.name }))}
              statuses={STUDENT_STATUSES.map((value) => ({ value, label: t(`students.status.${value}`) }))}
            />
          </ClientStrings>
        </ReadOnlyWhen>
      ) : (
        <EmptyState title={t("students.new.noHalqas")} />
      )}
    </div>
  );
}
