import Link from "next/link";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { SessionItem } from "@/lib/features/sessions/queries";
import type { I18n } from "@/i18n/server";
import { StatusBadge } from "./status-badge";

/** Sessions newest first; the date (with Hijri) is the link into each one. */
export function SessionsTable({
  sessions,
  i18n,
  caption,
}: {
  sessions: readonly SessionItem[];
  i18n: I18n;
  caption: string;
}) {
  const { t, dateParts, time } = i18n;
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("sessions.fields.date")}</TableHead>
          <TableHead>{t("sessions.fields.halqa")}</TableHead>
          <TableHead>{t("sessions.fields.sheikh")}</TableHead>
          <TableHead>{t("sessions.fields.startsAt")}</TableHead>
          <TableHead>{t("sessions.fields.state")}</TableHead>
          <TableHead>{t("sessions.fields.topic")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {sessions.map((session) => (
          <TableRow key={session.id}>
            <TableCell>
              <Link
                href={`/sessions/${encodeURIComponent(session.id)}`}
                className="inline-flex min-h-11 flex-col justify-center rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <DateLines {...dateParts(session.date)} />
              </Link>
            </TableCell>
            <TableCell>{session.halqaName ?? t("sessions.unknownHalqa")}</TableCell>
            <TableCell>{session.sheikhName ?? t("sessions.unknownSheikh")}</TableCell>
            <TableCell className="whitespace-nowrap">{time(session.starts_at)}</TableCell>
            <TableCell>
              <StatusBadge status={session.status} t={t} />
            </TableCell>
            <TableCell className="max-w-64 truncate">
              {session.topic ?? <span className="text-muted-foreground">{t("sessions.noTopic")}</span>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One calendar above the other (the school's order), so the date column stays narrow on a tablet. */
function DateLines({ main, beside }: { main: string; beside: string | null }) {
  return (
    <>
      <span className="whitespace-nowrap">{main}</span>
      {beside ? <span className="text-xs font-normal whitespace-nowrap text-muted-foreground">{beside}</span> : null}
    </>
  );
}
