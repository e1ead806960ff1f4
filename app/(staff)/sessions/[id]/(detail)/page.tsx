// v1 call budget: V1_CALL_BUDGETS["/sessions/[id]"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import Link from "next/link";
import { LinkPending } from "@/components/ui/link-pending";
import { AttendanceTable } from "@/components/sessions/attendance-table";
import { EmptyState } from "@/components/ui/empty-state";
import { RecitationsTable } from "@/components/sessions/recitations-table";
import { loadSessionPage } from "@/components/sessions/session-page";
import { SessionSummaryList } from "@/components/sessions/session-summary";
import { StatusBadge } from "@/components/sessions/status-badge";
import { UpdateSessionForm } from "@/components/sessions/update-session-form";
import { selectChoices } from "@/lib/features/pickers/choices";
import { ClientStrings } from "@/components/i18n/client-strings";
import { Alert } from "@/components/ui/alert";
import { buttonVariants } from "@/components/ui/button";
import { timeOfDayIn } from "@/lib/dates";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import { pageTitle } from "@/i18n/page-title";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = pageTitle("sessions.title");

export default async function SessionPage({ params, searchParams }: Props) {
  const [page, query] = await Promise.all([loadSessionPage(params, (id) => `/sessions/${id}`), searchParams]);
  if ("refusal" in page) return page.refusal;
  const { i18n, detail, blocked } = page;
  const { t, date } = i18n;
  const { session, school, abilities } = detail;
  const timeZone = school.time_zone;
  const halqa = session.halqaName ?? t("sessions.unknownHalqa");
  const isOpen = session.status === "open";
  const href = `/sessions/${encodeURIComponent(session.id)}`;
  // The current sheikh stays a choice even when no longer eligible, so the form shows the truth.
  const sheikhChoices = detail.sheikhs.some((s) => s.id === session.sheikh_id)
    ? detail.sheikhs
    : [{ id: session.sheikh_id, name: session.sheikhName ?? t("sessions.unknownSheikh") }, ...detail.sheikhs];

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <Link
          href="/sessions"
          className="inline-flex min-h-6 w-fit items-center rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {t("sessions.detail.backToList")}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">{t("sessions.detail.title", { halqa })}</h1>
          <StatusBadge status={session.status} t={t} />
        </div>
        <p className="text-muted-foreground">{date(session.date, { hijri: true })}</p>
        <div className="flex flex-wrap gap-3">
          {abilities.markAttendance ? (
            <Link href={`${href}/live`} className={buttonVariants({ size: "lg" })}>
              {t("sessions.detail.markAttendance")}
              <LinkPending label={t("live.loading")} />
            </Link>
          ) : null}
          {isOpen && abilities.end ? (
            <Link href={`${href}/end`} className={buttonVariants({ variant: "outline", size: "lg" })}>
              {t("sessions.detail.endLink")}
            </Link>
          ) : null}
        </div>
      </header>

      {query.started ? <Alert role="status">{t("sessions.detail.started")}</Alert> : null}

      {!isOpen ? (
        <section aria-labelledby="session-summary" className="flex flex-col gap-4">
          <h2 id="session-summary" className="text-xl font-semibold">
            {t("sessions.summary.title")}
          </h2>
          {query.ended ? <Alert role="status">{t("sessions.detail.ended")}</Alert> : null}
          <SessionSummaryList summary={detail.summary} i18n={i18n} />
        </section>
      ) : null}

      <section aria-labelledby="session-details" className="flex flex-col gap-4">
        <h2 id="session-details" className="text-xl font-semibold">
          {t("sessions.detail.details")}
        </h2>
        <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{t("sessions.fields.halqa")}</dt>
          <dd>{halqa}</dd>
          <dt className="text-muted-foreground">{t("sessions.fields.sheikh")}</dt>
          <dd>{session.sheikhName ?? t("sessions.unknownSheikh")}</dd>
          <dt className="text-muted-foreground">{t("sessions.fields.date")}</dt>
          <dd>{date(session.date, { hijri: true })}</dd>
          <dt className="text-muted-foreground">{t("sessions.fields.state")}</dt>
          <dd>
            <StatusBadge status={session.status} t={t} />
          </dd>
          <dt className="text-muted-foreground">{t("sessions.fields.started")}</dt>
          <dd>{date(session.starts_at, { time: true })}</dd>
          <dt className="text-muted-foreground">{t("sessions.fields.ended")}</dt>
          <dd>{session.ended_at ? date(session.ended_at, { time: true }) : t("sessions.notEnded")}</dd>
          <dt className="text-muted-foreground">{t("sessions.fields.topic")}</dt>
          <dd>{session.topic ?? t("sessions.noTopic")}</dd>
        </dl>
        {!isOpen ? <p className="text-sm text-muted-foreground">{t("sessions.detail.readOnlyEnded")}</p> : null}
      </section>

      {isOpen && abilities.update ? (
        <section aria-labelledby="session-update" className="flex flex-col gap-4">
          <h2 id="session-update" className="text-xl font-semibold">
            {t("sessions.update.title")}
          </h2>
          <ReadOnlyWhen reason={blocked}>
            <ClientStrings
              parts={[
                "sessions.fields.topic",
                "sessions.fields.sheikh",
                "sessions.fields.date",
                "sessions.fields.startsAt",
                "sessions.update",
                "paging.picker",
              ]}
            >
              <UpdateSessionForm
                sessionId={session.id}
                initial={{
                  topic: session.topic ?? "",
                  sheikhId: session.sheikh_id,
                  sheikhName: session.sheikhName ?? t("sessions.unknownSheikh"),
                  date: session.date,
                  startTime: timeOfDayIn(timeZone, session.starts_at),
                }}
                sheikhs={selectChoices(sheikhChoices)}
                halqaId={session.halqa_id}
                timeZone={timeZone}
              />
            </ClientStrings>
          </ReadOnlyWhen>
        </section>
      ) : null}

      <section aria-labelledby="session-attendance" className="flex flex-col gap-4">
        <h2 id="session-attendance" className="text-xl font-semibold">
          {t("sessions.detail.attendance")}
        </h2>
        {detail.attendance.length ? (
          <AttendanceTable rows={detail.attendance} i18n={i18n} labelledBy="session-attendance" />
        ) : (
          <EmptyState title={t("sessions.detail.noAttendance")} level={3} />
        )}
      </section>

      <section aria-labelledby="session-recitations" className="flex flex-col gap-4">
        <h2 id="session-recitations" className="text-xl font-semibold">
          {t("sessions.detail.recitations")}
        </h2>
        {detail.recitations.length ? (
          <RecitationsTable
            recitations={detail.recitations}
            surahs={detail.surahs}
            school={school}
            i18n={i18n}
            labelledBy="session-recitations"
          />
        ) : (
          <EmptyState title={t("sessions.detail.noRecitations")} level={3} />
        )}
      </section>
    </div>
  );
}
