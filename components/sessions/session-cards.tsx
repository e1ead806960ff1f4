import Link from "next/link";
import { LinkPending } from "@/components/ui/link-pending";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import type { Subject } from "@/lib/authz/policy";
import { can } from "@/lib/authz/policy";
import type { SessionItem } from "@/lib/features/sessions/queries";
import type { SessionSummary } from "@/lib/features/sessions/list";
import type { I18n } from "@/i18n/server";
import { StatusBadge } from "./status-badge";

type Props = {
  sessions: readonly SessionItem[];
  i18n: I18n;
  subject: Subject;
  /** Show the date too (open sessions may be from another day). */
  withDate?: boolean;
  counts?: Map<string, SessionSummary> | null;
};

/** Sessions as cards for the tablet: halqa, who leads it, when, and the way into the register. */
export function SessionCards({ sessions, i18n, subject, withDate = false, counts }: Props) {
  const { t, date, time, separator } = i18n;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {sessions.map((session) => {
        const halqa = session.halqaName ?? t("sessions.unknownHalqa");
        const summary = counts?.get(session.id);
        return (
          <li key={session.id}>
            <Card className="h-full gap-4">
              <CardHeader>
                <div className="flex items-start justify-between gap-3">
                  <CardTitle as="h3" className="text-base">
                    <Link
                      href={`/sessions/${encodeURIComponent(session.id)}`}
                      className="inline-flex min-h-6 items-center rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
                    >
                      {halqa}
                    </Link>
                  </CardTitle>
                  <StatusBadge status={session.status} t={t} />
                </div>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">{t("sessions.fields.sheikh")}</dt>
                  <dd>{session.sheikhName ?? t("sessions.unknownSheikh")}</dd>
                  {withDate ? (
                    <>
                      <dt className="text-muted-foreground">{t("sessions.fields.date")}</dt>
                      <dd>{date(session.date, { hijri: true })}</dd>
                    </>
                  ) : null}
                  <dt className="text-muted-foreground">{t("sessions.fields.startsAt")}</dt>
                  <dd>{time(session.starts_at)}</dd>
                  <dt className="text-muted-foreground">{t("sessions.fields.topic")}</dt>
                  <dd>{session.topic ?? t("sessions.noTopic")}</dd>
                </dl>
                {summary ? (
                  <p className="mt-3 text-sm text-muted-foreground">
                    {summary.marked
                      ? t("home.attendanceCount", {
                          present: summary.present,
                          late: summary.late,
                          absent: summary.absent,
                          excused: summary.excused,
                        })
                      : t("home.attendanceNone")}
                  </p>
                ) : null}
              </CardContent>
              {session.status === "open" && can.markAttendance(subject, session) ? (
                <CardFooter className="mt-auto">
                  <Link href={`/sessions/${encodeURIComponent(session.id)}/live`} className={buttonVariants()}>
                    {t("sessions.detail.markAttendance")}
                    <span className="sr-only">
                      {separator}
                      {halqa}
                    </span>
                    <LinkPending label={t("live.loading")} />
                  </Link>
                </CardFooter>
              ) : null}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
