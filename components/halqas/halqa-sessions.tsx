import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Session } from "@/lib/contract";
import type { Translate } from "@/lib/i18n/core";
import { DataTable, RowHeader } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { linkClass } from "@/components/ui/text-link";

type Props = {
  sessions: Session[];
  sheikhNames: ReadonlyMap<string, string>;
  halqaName: string;
  days: number;
  t: Translate;
  formatDate: (date: string) => string;
};

/** Sessions of the last days, newest first, each linking to its register. */
export function HalqaSessions({ sessions, sheikhNames, halqaName, days, t, formatDate }: Props) {
  if (!sessions.length) return <EmptyState title={t("halqas.detail.sessionsEmpty", { days })} />;
  const columns = [
    { label: t("halqas.detail.sessionDate") },
    { label: t("halqas.detail.sessionSheikh") },
    { label: t("halqas.detail.sessionStatus") },
    { label: t("halqas.detail.sessionTopic") },
  ];
  return (
    <DataTable caption={t("halqas.detail.sessionsCaption", { halqa: halqaName, days })} columns={columns}>
      {sessions.map((session) => {
        const date = formatDate(session.date);
        return (
          <TableRow key={session.id}>
            <RowHeader>
              <Link
                href={`/sessions/${encodeURIComponent(session.id)}`}
                className={linkClass}
                aria-label={t("halqas.detail.viewSession", { date })}
              >
                {date}
              </Link>
            </RowHeader>
            <TableCell>
              {sheikhNames.get(session.sheikh_id) ?? (
                <span className="text-muted-foreground">{t("halqas.detail.sheikhNotEligible")}</span>
              )}
            </TableCell>
            <TableCell>
              <Badge variant={session.status === "open" ? "default" : "secondary"}>
                {session.status === "open" ? t("halqas.detail.sessionOpen") : t("halqas.detail.sessionEnded")}
              </Badge>
            </TableCell>
            <TableCell>
              {session.topic ? (
                <bdi dir="auto">{session.topic}</bdi>
              ) : (
                <span className="text-muted-foreground">{t("halqas.detail.noTopic")}</span>
              )}
            </TableCell>
          </TableRow>
        );
      })}
    </DataTable>
  );
}
