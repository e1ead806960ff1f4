// v1 call budget: V1_CALL_BUDGETS["/students/[id]"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import Link from "next/link";
import { notFound } from "next/navigation";
import { BackLink } from "@/components/ui/back-link";
import { linkClass } from "@/components/ui/text-link";
import { ClientStrings } from "@/components/i18n/client-strings";
import { RecitationHistory } from "@/components/students/recitation-history";
import { StudentForm } from "@/components/students/student-form";
import { selectChoices } from "@/lib/features/pickers/choices";
import { studentStatusLabel, StudentStatusBadge } from "@/components/students/student-status-badge";
import { requireActor } from "@/lib/auth/session";
import { can } from "@/lib/authz/policy";
import { clientFor } from "@/lib/connections";
import { STUDENT_STATUSES } from "@/lib/contract";
import { firstParam, hrefWith, type SearchParams } from "@/lib/web/search-params";
import { updateStudent } from "@/lib/features/students/actions";
import {
  loadRecitationHistory,
  loadSemesterHalqas,
  loadStudentHeader,
  loadStudentProfile,
  loadStudentRecitations,
} from "@/lib/features/students/detail";
import { getI18n } from "@/i18n/server";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import { Fact } from "@/components/ui/fact";
import { writeBlockOf } from "@/lib/features/write-access";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { mapWords } from "@/components/progress/map-text";
import { AttendanceFactsView, StaffPlanProgressView } from "@/components/progress/progress-facts";
import { StudentProgress } from "@/components/progress/student-progress";
import { PageSection } from "@/components/ui/page-section";
import { SkeletonRows } from "@/components/ui/page-skeleton";
import { Skeleton } from "@/components/ui/skeleton";
import { PagePart } from "@/components/shell/page-part";
import { dateIn } from "@/lib/dates";
import { attendanceFacts, studentWindow } from "@/lib/features/progress/figures";
import { loadRecentMarks } from "@/lib/features/progress/recent-marks";
import { loadStudentProgress, withLineage } from "@/lib/features/progress/student-progress";
import { Freshness } from "@/components/progress/freshness";
import { pageTitle } from "@/i18n/page-title";
import { StudentNotebook } from "@/components/notebook/student-notebook";
import { studentWeakPassages } from "@/lib/features/notebook/weak-sources";
import { ReportCardSection } from "@/components/report-cards/report-card-section";
import { WithName } from "@/components/i18n/with-name";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export const generateMetadata = pageTitle("students.title");

/** The history shows the latest recitations; the whole of it on asking (the Quran map above covers every one). */
const LATEST_RECITATIONS = 15;

export default async function StudentPage({ params, searchParams }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadStudentHeader(actor, id))]);
  const { t, locale, date, number } = i18n;
  const here = `/students/${encodeURIComponent(id)}`;
  if (!loaded.ok)
    return (
      <RefusalPage title={t("students.title")} failure={loaded.failure} t={t} role={actor.role} retryHref={here} />
    );
  const allRecitations = firstParam(query, "recitations") === "all";
  // The edit form comes on asking: most visits read the student, and the page stays small.
  const editing = firstParam(query, "edit") === "1";
  if (!loaded.value) notFound();
  const { student, subject } = loaded.value;
  const { connectionId } = actor;
  const school = () => clientFor(connectionId).tenant();
  const missing = <span className="text-muted-foreground">{t("students.notRecorded")}</span>;
  const statuses: { value: string; label: string }[] = STUDENT_STATUSES.map((value) => ({
    value,
    label: t(`students.status.${value}`),
  }));
  if (!statuses.some((s) => s.value === student.status))
    statuses.push({
      value: student.status,
      label: t("students.form.unknownStatus", { status: studentStatusLabel(t, student.status) }),
    });

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <BackLink href={hrefWith("/students", { semester: student.semester_id })} label={t("students.detail.back")} />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">{student.full_name}</h1>
          <StudentStatusBadge status={student.status} t={t} />
          <Link href={`/students/${encodeURIComponent(student.id)}/report`} className={`${linkClass} ms-auto text-sm`}>
            {t("progressReport.open")}
          </Link>
        </div>
        {firstParam(query, "created") ? (
          <p
            role="status"
            className="self-start rounded-md border border-primary/30 bg-primary/10 px-4 py-2 text-sm font-medium text-primary"
          >
            {t("students.detail.created")}
          </p>
        ) : null}
      </header>

      <PageSection id="profile-heading" title={t("students.detail.profile")} className="gap-3">
        <PagePart
          load={() => loadStudentProfile(connectionId, student)}
          fallback={<Skeleton className="h-40" />}
          retryHref={here}
          render={({ semester, halqa }) => (
            <dl className="grid gap-4 rounded-xl border border-border bg-card p-5 sm:grid-cols-2 lg:grid-cols-3">
              <Fact label={t("students.detail.fullName")}>
                <bdi>{student.full_name}</bdi>
              </Fact>
              <Fact label={t("students.detail.preferredName")}>
                {student.preferred_name ? <bdi>{student.preferred_name}</bdi> : missing}
              </Fact>
              <Fact label={t("students.detail.status")}>{studentStatusLabel(t, student.status)}</Fact>
              <Fact label={t("students.detail.halqa")}>{halqa ? <bdi>{halqa.name}</bdi> : missing}</Fact>
              <Fact label={t("students.detail.semester")}>
                {semester ? (
                  <WithName
                    name={semester.name}
                    message={(name) =>
                      t("halqas.semester.option", { name, status: t(`halqas.semester.status.${semester.status}`) })
                    }
                  />
                ) : (
                  missing
                )}
              </Fact>
              <Fact label={t("students.detail.enrolledOn")}>
                {student.enrolled_on ? date(student.enrolled_on, { hijri: true }) : missing}
              </Fact>
            </dl>
          )}
        />
      </PageSection>

      <PageSection id="progress-heading" title={t("quranMap.title")}>
        <PagePart
          load={() =>
            Promise.all([
              school(),
              loadStudentRecitations(connectionId, student.id),
              loadStudentProgress(actor, student.id),
              school().then((s) =>
                studentWeakPassages({ connectionId, tenantId: s.id }, student, {
                  today: dateIn(s.time_zone),
                  timeZone: s.time_zone,
                }),
              ),
            ])
          }
          fallback={<Skeleton className="h-64" />}
          retryHref={here}
          render={([{ rating_scale: scale, time_zone: timeZone }, recitations, progress, weak]) => {
            const words = mapWords(i18n, scale);
            return (
              <StudentProgress
                recitations={withLineage(recitations, progress.history.recitations)}
                scale={scale}
                today={dateIn(timeZone)}
                timeZone={timeZone}
                words={words}
                weak={weak}
                panels={[
                  {
                    id: "plan-progress-heading",
                    title: t("quranMap.plan.title"),
                    body: <StaffPlanProgressView plan={progress.plan} words={words} />,
                  },
                ]}
              />
            );
          }}
        />
      </PageSection>

      <StudentNotebook connectionId={connectionId} student={student} school={school} here={here} i18n={i18n} />

      <PageSection id="attendance-heading" title={t("students.attendance.title")} className="gap-3">
        <PagePart
          load={() =>
            Promise.all([school(), loadStudentProgress(actor, student.id), loadRecentMarks(connectionId, student)])
          }
          fallback={<SkeletonRows count={4} className="h-11" />}
          retryHref={here}
          render={([{ rating_scale: scale, time_zone: timeZone }, progress, live]) => (
            <div className="flex max-w-xl flex-col gap-3">
              <AttendanceFactsView
                facts={attendanceFacts(studentWindow(progress.history.attendance, live, student, dateIn(timeZone)))}
                words={mapWords(i18n, scale)}
                counts
              />
              <Freshness freshness={progress.freshness} i18n={i18n} />
            </div>
          )}
        />
      </PageSection>

      <PageSection id="recitations-heading" title={t("students.recitations.title")} className="gap-3">
        <PagePart
          load={() => Promise.all([school(), loadRecitationHistory(connectionId, student.id)])}
          fallback={<SkeletonRows count={6} className="h-11" />}
          retryHref={here}
          render={([{ rating_scale: scale }, { recitations, surahs }]) => (
            <>
              <p className="text-sm text-muted-foreground">
                {t("students.recitations.count", { count: recitations.length })}
              </p>
              <RecitationHistory
                recitations={allRecitations ? recitations : recitations.slice(0, LATEST_RECITATIONS)}
                surahs={surahs}
                scale={scale}
                locale={locale}
                t={t}
                number={number}
                formatDate={(value) => date(value, { hijri: true })}
              />
              {recitations.length > LATEST_RECITATIONS ? (
                <Link
                  href={`${hrefWith(`/students/${encodeURIComponent(student.id)}`, { recitations: allRecitations ? undefined : "all" })}#recitations-heading`}
                  className={`${linkClass} w-fit text-sm`}
                >
                  {allRecitations
                    ? t("students.recitations.showLatest", { n: LATEST_RECITATIONS })
                    : t("students.recitations.showAll", { count: recitations.length })}
                </Link>
              ) : null}
            </>
          )}
        />
      </PageSection>

      <ReportCardSection connectionId={connectionId} student={student} i18n={i18n} />

      {can.updateStudent(subject) ? (
        <section aria-labelledby="edit-heading" className="flex flex-col gap-3">
          <h2 id="edit-heading" className="text-xl font-semibold">
            {t("students.detail.edit")}
          </h2>
          {!editing ? (
            <Link
              href={`${hrefWith(`/students/${encodeURIComponent(student.id)}`, { edit: "1" })}#edit-heading`}
              className={`${linkClass} w-fit`}
            >
              {t("students.detail.openEdit")}
            </Link>
          ) : (
            <>
              <p className="max-w-prose text-sm text-muted-foreground">{t("students.detail.editIntro")}</p>
              <PagePart
                load={() =>
                  Promise.all([
                    loadSemesterHalqas(connectionId, student.semester_id),
                    writeBlockOf(connectionId, t, (at) => date(at, { time: true })),
                  ])
                }
                fallback={<Skeleton className="h-64" />}
                retryHref={here}
                render={([halqas, blocked]) => (
                  <ReadOnlyWhen reason={blocked}>
                    <ClientStrings parts={["students.form", "paging.picker"]}>
                      <StudentForm
                        mode="edit"
                        action={updateStudent}
                        halqas={selectChoices(halqas)}
                        semesterId={student.semester_id}
                        statuses={statuses}
                        initial={{
                          id: student.id,
                          full_name: student.full_name,
                          preferred_name: student.preferred_name ?? "",
                          halqa_id: student.halqa_id,
                          halqaName: halqas.find((h) => h.id === student.halqa_id)?.name,
                          status: student.status,
                          enrolled_on: student.enrolled_on ?? "",
                        }}
                      />
                    </ClientStrings>
                  </ReadOnlyWhen>
                )}
              />
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
