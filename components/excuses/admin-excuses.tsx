import Link from "next/link";
import { markLabel } from "@/components/sessions/mark-label";
import { DataTable, RowHeader } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { TableCell, TableRow } from "@/components/ui/table";
import type { AdminExcuseRow, ExcuseRegister } from "@/lib/features/excuses/admin-rows";
import type { I18n } from "@/i18n/server";

/**
 * The admins' list of excuse requests: each child named in full with a link to their page, their
 * halqa, and what that day's register says; the parent's reason as text (React escapes it), never
 * as HTML.
 */
export function AdminExcusesTable({ rows, i18n }: { rows: AdminExcuseRow[]; i18n: I18n }) {
  const { t, date } = i18n;
  if (rows.length === 0) return <EmptyState title={t("excuses.admin.empty")} />;
  return (
    <DataTable
      caption={t("excuses.admin.caption")}
      columns={[
        { label: t("excuses.admin.date") },
        { label: t("excuses.admin.child") },
        { label: t("excuses.admin.halqa") },
        { label: t("excuses.admin.register") },
        { label: t("excuses.admin.parent") },
        { label: t("excuses.admin.reason") },
        { label: t("excuses.admin.sentAt") },
        { label: t("excuses.admin.seen") },
      ]}
    >
      {rows.map((row) => (
        <TableRow key={row.id}>
          <RowHeader>{date(row.day, { hijri: true })}</RowHeader>
          <TableCell>
            {row.student ? (
              <Link
                href={`/students/${encodeURIComponent(row.student.id)}`}
                prefetch={false}
                className="underline underline-offset-4"
              >
                <bdi dir="auto">{row.student.name}</bdi>
              </Link>
            ) : (
              <bdi dir="auto">{row.childName}</bdi>
            )}
          </TableCell>
          <TableCell>
            {row.student?.halqaName ? (
              <bdi dir="auto">{row.student.halqaName}</bdi>
            ) : (
              <span className="text-muted-foreground">{t("excuses.admin.unknown")}</span>
            )}
          </TableCell>
          <TableCell>
            <RegisterState register={row.register} i18n={i18n} />
          </TableCell>
          <TableCell>
            {row.parentName === null ? (
              <span className="text-muted-foreground">{t("excuses.admin.parentGone")}</span>
            ) : (
              <bdi dir="auto">{row.parentName}</bdi>
            )}
          </TableCell>
          <TableCell className="max-w-sm whitespace-normal">
            <bdi dir="auto">{row.reason}</bdi>
          </TableCell>
          <TableCell>
            <time dateTime={row.createdAt.toISOString()}>{date(row.createdAt, { time: true })}</time>
          </TableCell>
          <TableCell>
            {row.seenAt
              ? t("excuses.admin.seenAt", { when: date(row.seenAt, { time: true }) })
              : t("excuses.admin.firstSeenNow")}
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}

/** "No register yet", or the register's state and the child's mark, linked to the session. */
function RegisterState({ register, i18n }: { register: ExcuseRegister; i18n: I18n }) {
  const { t } = i18n;
  if (register.state === "none") return <span className="text-muted-foreground">{t("excuses.admin.noRegister")}</span>;
  const mark = markLabel(t, register.mark);
  return (
    <Link
      href={`/sessions/${encodeURIComponent(register.sessionId)}`}
      prefetch={false}
      className="underline underline-offset-4"
    >
      {t(register.state === "open" ? "excuses.admin.registerOpen" : "excuses.admin.registerEnded", { mark })}
    </Link>
  );
}
