// v1 calls: at most 14 — getStudent; then listHalqas of its semester + listSessions of its halqa and semester +
// listStudentRecitations, concurrently; then listAttendance for the RECENT_SESSION_LIMIT (10) most recent of those
// sessions, concurrently (attendance is read per session, so the summary covers "the last 10 sessions" only);
// +1 per further 100 items; semesters and surahs cached per tenant; GET /school memoized; a teacher +1 getSheikh per link.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BackLink } from "@/components/halqas/back-link";
import { linkClass } from "@/components/halqas/form-controls";
import { AttendanceSummaryView } from "@/components/students/attendance-summary";
import { ClientStrings } from "@/components/i18n/client-strings";
import { RecitationHistory } from "@/components/students/recitation-history";
import { StudentForm } from "@/components/students/student-form";
import { selectChoices } from "@/lib/features/pickers/choices";
import { studentStatusLabel, StudentStatusBadge } from "@/components/students/student-status-badge";
import { requireActor } from "@/lib/auth/session";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { STUDENT_STATUSES } from "@/lib/contract";
import { firstParam, hrefWith, type SearchParams } from "@/lib/features/halqas/search";
import { updateStudent } from "@/lib/features/students/actions";
import { loadStudentDetail } from "@/lib/features/students/queries";
import { getI18n } from "@/lib/i18n/server";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import { Fact } from "@/components/ui/fact";
import { writeBlockOf } from "@/lib/features/write-access";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { mapWords } from "@/components/progress/map-text";
import { AttendanceFactsView, StaffPlanProgressView } from "@/components/progress/progress-facts";
import { StudentProgress } from "@/components/progress/student-progress";
import { PageSection } from "@/components/ui/page-section";
import { todayIn } from "@/lib/features/halqas/dates";
import { attendanceFacts } from "@/lib/features/progress/student-facts";
import { loadStudentProgress, withLineage } from "@/lib/features/progress/student-progress";
import { Freshness } from "@/components/progress/freshness";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("students.title") };
}

/** The history shows the latest recitations; the whole of it on asking (the Quran map above covers every one). */
const LATEST_RECITATIONS = 15;

export default async function StudentPage({ params, searchParams }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const [i18n, loaded, subject] = await Promise.all([getI18n(), loadPage(() => Promise.all([loadStudentDetail(actor, id), loadStudentProgress(actor, id)])), subjectOf(actor)]);
  const { t, locale, date, number } = i18n;
  if (!loaded.ok) return <RefusalPage title={t("students.title")} failure={loaded.failure} t={t} role={actor.role} retryHref={`/students/${encodeURIComponent(id)}`} />;
  const [detail, progress] = loaded.value;
  const allRecitations = firstParam(query, "recitations") === "all";
  // The edit form comes on asking: most visits read the student, and the page stays small.
  const editing = firstParam(query, "edit") === "1";
  if (!detail) notFound();
  const blocked = await writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true }));
  const { student, school, semester, halqa } = detail;
  const words = mapWords(i18n, school.rating_scale);
  const missing = <span className="text-muted-foreground">{t("students.notRecorded")}</span>;
  const statuses: { value: string; label: string }[] = STUDENT_STATUSES.map((value) => ({ value, label: t(`students.status.${value}`) }));
  if (!statuses.some((s) => s.value === student.status)) statuses.push({ value: student.status, label: t("students.form.unknownStatus", { status: studentStatusLabel(t, student.status) }) });

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
          <p role="status" className="self-start rounded-md border border-primary/30 bg-primary/10 px-4 py-2 text-sm font-medium text-primary">
            {t("students.detail.created")}
          </p>
        ) : null}
      </header>

      <section aria-labelledby="profile-heading" className="flex flex-col gap-3">
        <h2 id="profile-heading" className="text-xl font-semibold">
          {t("students.detail.profile")}
        </h2>
        <dl className="grid gap-4 rounded-xl border border-border bg-card p-5 sm:grid-cols-2 lg:grid-cols-3">
          <Fact label={t("students.detail.fullName")}>{student.full_name}</Fact>
          <Fact label={t("students.detail.preferredName")}>{student.preferred_name ?? missing}</Fact>
          <Fact label={t("students.detail.status")}>{studentStatusLabel(t, student.status)}</Fact>
          <Fact label={t("students.detail.halqa")}>{halqa ? halqa.name : missing}</Fact>
          <Fact label={t("students.detail.semester")}>{semester ? t("halqas.semester.option", { name: semester.name, status: t(`halqas.semester.status.${semester.status}`) }) : missing}</Fact>
          <Fact label={t("students.detail.enrolledOn")}>{student.enrolled_on ? date(student.enrolled_on, { hijri: true }) : missing}</Fact>
        </dl>
      </section>

      <PageSection id="progress-heading" title={t("quranMap.title")}>
        <StudentProgress
          recitations={withLineage(detail.recitations, progress.history.recitations)}
          scale={school.rating_scale}
          today={todayIn(school.time_zone)}
          timeZone={school.time_zone}
          words={words}
          panels={[
            {
              id: "attendance-facts-heading",
              title: t("quranMap.attendance.title"),
              body: (
                <>
                  <AttendanceFactsView facts={attendanceFacts(progress.history.attendance)} words={words} />
                  <Freshness freshness={progress.freshness} i18n={i18n} />
                </>
              ),
            },
            { id: "plan-progress-heading", title: t("quranMap.plan.title"), body: <StaffPlanProgressView plan={progress.plan} words={words} /> },
          ]}
        />
      </PageSection>

      <section aria-labelledby="attendance-heading" className="flex flex-col gap-3">
        <h2 id="attendance-heading" className="text-xl font-semibold">
          {t("students.attendance.title")}
        </h2>
        <AttendanceSummaryView summary={detail.attendance} t={t} number={number} />
      </section>

      <section aria-labelledby="recitations-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="recitations-heading" className="text-xl font-semibold">
            {t("students.recitations.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("students.recitations.count", { count: detail.recitations.length })}</p>
        </div>
        <RecitationHistory
          recitations={allRecitations ? detail.recitations : detail.recitations.slice(0, LATEST_RECITATIONS)}
          surahs={detail.surahs}
          scale={school.rating_scale}
          locale={locale}
          t={t}
          number={number}
          formatDate={(value) => date(value, { hijri: true })}
        />
        {detail.recitations.length > LATEST_RECITATIONS ? (
          <Link
            href={`${hrefWith(`/students/${encodeURIComponent(student.id)}`, { recitations: allRecitations ? undefined : "all" })}#recitations-heading`}
            className={`${linkClass} w-fit text-sm`}
          >
            {allRecitations ? t("students.recitations.showLatest", { n: LATEST_RECITATIONS }) : t("students.recitations.showAll", { count: detail.recitations.length })}
          </Link>
        ) : null}
      </section>

      {can.updateStudent(subject) ? (
        <section aria-labelledby="edit-heading" className="flex flex-col gap-3">
          <h2 id="edit-heading" className="text-xl font-semibold">
            {t("students.detail.edit")}
          </h2>
          {!editing ? (
            <Link href={`${hrefWith(`/students/${encodeURIComponent(student.id)}`, { edit: "1" })}#edit-heading`} className={`${linkClass} w-fit`}>
              {t("students.detail.openEdit")}
            </Link>
          ) : (
            <>
              <p className="max-w-prose text-sm text-muted-foreground">{t("students.detail.editIntro")}</p>
              <ReadOnlyWhen reason={blocked}>
                <ClientStrings parts={["students.form", "paging.picker"]}>
                  <StudentForm
                    mode="edit"
                    action={updateStudent}
                    halqas={selectChoices(detail.halqas)}
                    semesterId={student.semester_id}
                    statuses={statuses}
                    initial={{
                      id: student.id,
                      full_name: student.full_name,
                      preferred_name: student.preferred_name ?? "",
                      halqa_id: student.halqa_id,
                      halqaName: detail.halqa?.name,
                      status: student.status,
                      enrolled_on: student.enrolled_on ?? "",
                    }}
                  />
                </ClientStrings>
              </ReadOnlyWhen>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
