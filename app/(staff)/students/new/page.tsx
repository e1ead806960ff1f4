// v1 call budget: V1_CALL_BUDGETS["/students/new"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { BackLink } from "@/components/ui/back-link";
import { EmptyState } from "@/components/ui/empty-state";
import { SemesterSwitch } from "@/components/semesters/semester-switch";
import { ClientStrings } from "@/components/i18n/client-strings";
import { StudentForm } from "@/components/students/student-form";
import { selectChoices } from "@/lib/features/pickers/choices";
import { requireActor } from "@/lib/auth/session";
import { STUDENT_STATUSES } from "@/lib/contract";
import { firstParam, hrefWith, type SearchParams } from "@/lib/web/search-params";
import { createStudent } from "@/lib/features/students/actions";
import { loadNewStudentOptions } from "@/lib/features/students/queries";
import { getI18n } from "@/i18n/server";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import { writeBlockOf } from "@/lib/features/write-access";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("students.new.title");

export default async function NewStudentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireActor(["admin"]);
  const semester = firstParam(await searchParams, "semester");
  const [{ t, date }, loaded] = await Promise.all([getI18n(), loadPage(() => loadNewStudentOptions(actor, semester))]);
  if (!loaded.ok)
    return (
      <RefusalPage
        title={t("students.new.title")}
        failure={loaded.failure}
        t={t}
        role={actor.role}
        retryHref="/students/new"
      />
    );
  const options = loaded.value;
  const blocked = await writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true }));

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <BackLink href={hrefWith("/students", { semester: options.selected?.id })} label={t("students.new.back")} />
        <h1 className="text-3xl font-semibold tracking-tight">{t("students.new.title")}</h1>
        <p className="text-muted-foreground">{t("students.new.intro")}</p>
      </header>
      <SemesterSwitch connectionId={actor.connectionId} requested={semester} action="/students/new" />
      {options.selected && options.halqas.length ? (
        <ReadOnlyWhen reason={blocked}>
          <ClientStrings parts={["students.form", "paging.picker"]}>
            <StudentForm
              // A new form when the semester changes: its halqa picker holds other halqas.
              key={options.selected.id}
              mode="create"
              action={createStudent}
              halqas={selectChoices(options.halqas)}
              semesterId={options.selected.id}
              statuses={STUDENT_STATUSES.map((value) => ({ value, label: t(`students.status.${value}`) }))}
              initial={{ full_name: "", preferred_name: "", halqa_id: "", status: "active", enrolled_on: "" }}
            />
          </ClientStrings>
        </ReadOnlyWhen>
      ) : (
        <EmptyState title={t("students.new.noHalqas")} />
      )}
    </div>
  );
}
