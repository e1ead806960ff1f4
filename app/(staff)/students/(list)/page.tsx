// v1 call budget: V1_CALL_BUDGETS["/students"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { SemesterSwitch } from "@/components/semesters/semester-switch";
import { StudentFilters } from "@/components/students/student-filters";
import { StudentTable } from "@/components/students/student-table";
import { buttonVariants } from "@/components/ui/button";
import { requireActor } from "@/lib/auth/session";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { STUDENT_STATUSES } from "@/lib/contract";
import { firstParam, hrefWith, semesterListParams, type SearchParams } from "@/lib/web/search-params";
import { loadStudentList } from "@/lib/features/students/queries";
import { pageNumber } from "@/lib/features/paging";
import { CursorPager, NumberPager } from "@/components/pickers/pager";
import { getI18n } from "@/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";
import { PageSection } from "@/components/ui/page-section";

export const generateMetadata = pageTitle("students.title");

export default async function StudentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireActor(["admin", "teacher"]);
  const params = await searchParams;
  const filters = {
    ...semesterListParams(params, STUDENT_STATUSES),
    halqa: firstParam(params, "halqa", 64),
    after: firstParam(params, "after", 1200),
    page: pageNumber(firstParam(params, "page")),
  };
  const [{ t, date }, loaded, subject] = await Promise.all([
    getI18n(),
    loadPage(() => loadStudentList(actor, filters)),
    subjectOf(actor),
  ]);
  if (!loaded.ok)
    return (
      <RefusalPage title={t("students.title")} failure={loaded.failure} t={t} role={actor.role} retryHref="/students" />
    );
  const list = loaded.value;
  const semesterId = list.selected?.id;
  const students = list.list.students;
  const keep = { semester: semesterId, status: filters.status, halqa: list.halqaId, q: filters.q };
  const halqa = list.halqas.find((candidate) => candidate.id === list.halqaId);
  const halqaNames = new Map(list.halqas.map((halqa) => [halqa.id, halqa.name]));
  const filtered = Boolean(filters.status || list.halqaId || filters.q);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold tracking-tight">{t("students.title")}</h1>
          <p className="text-muted-foreground">{list.teacher ? t("students.teacherScope") : t("students.intro")}</p>
        </div>
        {can.createStudent(subject) ? (
          <div className="flex flex-wrap gap-3">
            <Link href={hrefWith("/students/new", { semester: semesterId })} className={buttonVariants()}>
              {t("students.newStudent")}
            </Link>
            <Link
              href={hrefWith("/students/import", { semester: semesterId })}
              className={buttonVariants({ variant: "outline" })}
            >
              {t("students.import.link")}
            </Link>
          </div>
        ) : null}
      </header>

      <SemesterSwitch
        connectionId={actor.connectionId}
        requested={filters.semester}
        action="/students"
        keep={{ status: filters.status, q: filters.q }}
      />

      {list.selected && semesterId ? (
        <PageSection
          id="student-list-heading"
          title={t("students.list.caption", { semester: list.selected.name })}
          hideTitle
        >
          <StudentFilters t={t} semester={semesterId} halqa={halqa} status={filters.status} q={filters.q} />
          {list.list.kind === "bounded" ? (
            <NumberPager
              t={t}
              page={list.list.page}
              pages={list.list.pages}
              total={list.list.total}
              href={(page) => hrefWith("/students", { ...keep, page: String(page) })}
            />
          ) : (
            <>
              <p className="text-sm text-muted-foreground">{t("paging.noTotal")}</p>
              <CursorPager
                t={t}
                shown={students.length}
                next={list.list.next}
                first={list.list.first}
                searching={Boolean(filters.q)}
                scanned={list.list.scanned}
                stoppedEarly={list.list.stoppedEarly}
                href={(after) => hrefWith("/students", { ...keep, after })}
              />
            </>
          )}
          {students.length ? (
            <StudentTable
              students={students}
              halqaNames={halqaNames}
              caption={t("students.list.caption", { semester: list.selected.name })}
              t={t}
              formatDate={(value) => date(value)}
            />
          ) : (
            <EmptyState
              title={t("students.list.empty")}
              hint={list.teacher && !filtered ? t("students.list.emptyTeacher") : t("students.list.emptyHint")}
            />
          )}
        </PageSection>
      ) : null}
    </div>
  );
}
