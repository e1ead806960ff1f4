import { DataTable, RowHeader } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { TableCell, TableRow } from "@/components/ui/table";
import type { AdminExcuse } from "@/lib/features/excuses/store";
import type { I18n } from "@/i18n/server";

/** The admins' list of excuse requests: the parent's reason as text (React escapes it), never as HTML. */
export function AdminExcusesTable({ rows, i18n }: { rows: AdminExcuse[]; i18n: I18n }) {
  const { t, date } = i18n;
  if (rows.length === 0) return <EmptyState title={t("excuses.admin.empty")} />;
  return (
    <DataTable
      caption={t("excuses.admin.caption")}
      columns={[
        { label: t("excuses.admin.date") },
        { label: t("excuses.admin.child") },
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
            <bdi dir="auto">{row.childName}</bdi>
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
