import Link from "next/link";
import { LinkPending } from "@/components/ui/link-pending";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { TodayRow } from "@/lib/features/overview/load";
import type { RegisterState } from "@/lib/features/overview/register-state";
import { hoursText } from "@/lib/features/timetable/format";
import type { I18n } from "@/lib/i18n/core";

export const VARIANT = {
  missing: "destructive",
  in_progress: "warning",
  not_started: "outline",
  taken: "secondary",
  not_meeting: "outline",
} as const;

/** Today's timetabled halqas and their registers, the missing ones first, each with what to do. */
export function TodayRegisters({ rows, i18n }: { rows: TodayRow[]; i18n: I18n }) {
  const { t } = i18n;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t("overview.home.today.halqa")}</TableHead>
          <TableHead>{t("overview.home.today.time")}</TableHead>
          <TableHead>{t("overview.home.today.state")}</TableHead>
          <TableHead>{t("overview.home.today.teacher")}</TableHead>
          <TableHead>{t("overview.home.today.act")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.halqa.id}>
            <TableCell>
              <Link
                href={`/halqas/${encodeURIComponent(row.halqa.id)}`}
                prefetch={false}
                className="font-medium underline-offset-4 hover:underline"
              >
                <bdi>{row.halqa.name}</bdi>
              </Link>
            </TableCell>
            <TableCell>{hoursText(i18n.locale, i18n.formats.numerals, row)}</TableCell>
            <TableCell>
              <div className="flex flex-col gap-1">
                <Badge variant={VARIANT[row.state.kind]}>{t(`overview.home.today.states.${row.state.kind}`)}</Badge>
                <StateDetail state={row.state} i18n={i18n} />
              </div>
            </TableCell>
            <TableCell>
              {row.teachers.length ? (
                <bdi>{row.teachers.join(i18n.separator)}</bdi>
              ) : (
                t("overview.home.today.noTeacher")
              )}
            </TableCell>
            <TableCell>
              <Act row={row} i18n={i18n} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function StateDetail({ state, i18n }: { state: RegisterState; i18n: I18n }) {
  const { t } = i18n;
  const session = "session" in state ? state.session : null;
  if (session) {
    const counts = session.counts;
    const unmarked = "unmarked" in state ? state.unmarked : 0;
    return (
      <span className="text-sm text-muted-foreground">
        {t("overview.home.today.counts", {
          present: counts.present,
          absent: counts.absent,
          late: counts.late,
          excused: counts.excused,
        })}
        {unmarked > 0 ? ` ${t("overview.home.today.unmarked", { count: unmarked })}` : null}
      </span>
    );
  }
  if (state.kind === "missing")
    return <span className="text-sm text-muted-foreground">{t("overview.home.today.noSession")}</span>;
  return null;
}

export function Act({ row, i18n }: { row: TodayRow; i18n: I18n }) {
  const { t } = i18n;
  const state = row.state;
  const session = "session" in state ? state.session : null;
  if (session && state.kind !== "taken") {
    return (
      <Link
        href={`/sessions/${encodeURIComponent(session.id)}/live`}
        prefetch={false}
        className={buttonVariants({ variant: state.kind === "missing" ? "default" : "outline" })}
        aria-label={t("overview.home.today.openRegisterOf", { halqa: row.halqa.name })}
      >
        {t("overview.home.today.openRegister")}
        <LinkPending label={t("live.loading")} />
      </Link>
    );
  }
  if (session) {
    return (
      <Link
        href={`/sessions/${encodeURIComponent(session.id)}`}
        prefetch={false}
        className="text-sm underline-offset-4 hover:underline"
        aria-label={t("overview.home.today.viewSessionOf", { halqa: row.halqa.name })}
      >
        {t("overview.home.today.viewSession")}
      </Link>
    );
  }
  if (state.kind === "missing" || state.kind === "not_started") {
    return (
      <Link
        href={`/today?halqa=${encodeURIComponent(row.halqa.id)}#today-start`}
        prefetch={false}
        className={buttonVariants({ variant: state.kind === "missing" ? "default" : "outline" })}
        aria-label={t("overview.home.today.startOf", { halqa: row.halqa.name })}
      >
        {t("overview.home.today.start")}
      </Link>
    );
  }
  return null;
}
