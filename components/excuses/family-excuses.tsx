import { ClientStrings } from "@/components/i18n/client-strings";
import { DataTable, RowHeader } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Actor } from "@/lib/auth/actor";
import { clientFor } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { addDays, dateIn } from "@/lib/dates";
import { requestExcuseAction } from "@/lib/features/excuses/actions";
import { EXCUSE_DAYS_AHEAD } from "@/lib/features/excuses/limits";
import { parentExcuses } from "@/lib/features/excuses/store";
import type { ChildView } from "@/lib/features/family/queries";
import type { I18n } from "@/i18n/server";
import { ExcuseForm } from "./excuse-form";

/** Requests from this many days back stay listed, with what the register says for their day. */
const LISTED_DAYS_BACK = 14;

type Props = { actor: Actor; child: ChildView; i18n: I18n };

/**
 * A child's excuse requests on the family page: the form, and the parent's own requests for this
 * child (never another parent's) with whether the school has seen each and the register's mark for
 * its day, read from the page's attendance (the child's last sessions, the open one read live).
 */
export async function FamilyExcuses({ actor, child, i18n }: Props) {
  const { t, date, separator } = i18n;
  const school = await clientFor(actor.connectionId).tenant();
  const today = dateIn(school.time_zone);
  const rows = (await parentExcuses(await dashboardDb(), actor, school.id, addDays(today, -LISTED_DAYS_BACK))).filter(
    (row) => row.lineageId === child.lineageId,
  );
  const registerOf = (day: string) => {
    const marks = child.attendance.filter((mark) => mark.date === day);
    if (marks.length === 0) return <span className="text-muted-foreground">{t("excuses.list.noRegister")}</span>;
    return marks
      .map((mark) => (mark.status ? t(`students.attendance.${mark.status}`) : t("family.attendance.unmarked")))
      .join(separator);
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose text-sm text-muted-foreground">{t("excuses.intro", { child: child.name })}</p>
      <ClientStrings parts={["excuses.form", "excuses.validation"]}>
        <ExcuseForm
          action={requestExcuseAction}
          lineageId={child.lineageId}
          today={today}
          lastDay={addDays(today, EXCUSE_DAYS_AHEAD)}
        />
      </ClientStrings>
      {rows.length === 0 ? (
        <EmptyState title={t("excuses.list.empty")} />
      ) : (
        <DataTable
          caption={t("excuses.list.caption")}
          columns={[
            { label: t("excuses.list.date") },
            { label: t("excuses.list.reason") },
            { label: t("excuses.list.seen") },
            { label: t("excuses.list.register") },
          ]}
        >
          {rows.map((row) => (
            <TableRow key={row.id}>
              <RowHeader>{date(row.day, { hijri: true })}</RowHeader>
              <TableCell className="whitespace-normal">
                <bdi dir="auto">{row.reason}</bdi>
              </TableCell>
              <TableCell>
                {row.seen ? (
                  t("excuses.list.seenYes")
                ) : (
                  <span className="text-muted-foreground">{t("excuses.list.seenNo")}</span>
                )}
              </TableCell>
              <TableCell>{registerOf(row.day)}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      )}
    </div>
  );
}
