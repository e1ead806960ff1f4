import { Badge } from "@/components/ui/badge";
import { TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AuditView } from "@/lib/features/admin/audit";
import type { Translate } from "@/lib/i18n/core";
import { ScrollTable } from "./scroll-table";

const RESULT_VARIANT = { ok: "secondary", denied: "warning", failed: "destructive" } as const;

/** Who did what, when, to which record, and how it ended. Action names and ids are shown as recorded. */
export function AuditTable({ rows, caption, t, when }: { rows: AuditView[]; caption: string; t: Translate; when: (at: Date) => string }) {
  return (
    <ScrollTable label={caption}>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("admin.audit.columns.when")}</TableHead>
          <TableHead>{t("admin.audit.columns.who")}</TableHead>
          <TableHead>{t("admin.audit.columns.action")}</TableHead>
          <TableHead>{t("admin.audit.columns.target")}</TableHead>
          <TableHead>{t("admin.audit.columns.result")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              <time dateTime={row.at.toISOString()}>{when(row.at)}</time>
            </TableCell>
            <TableCell>
              <div className="flex flex-col">
                <span>{row.who ?? t("admin.audit.unknownUser")}</span>
                {row.email ? (
                  <span className="text-sm text-muted-foreground" dir="ltr">
                    {row.email}
                  </span>
                ) : null}
              </div>
            </TableCell>
            <TableCell>
              <code className="font-mono text-sm break-all" dir="ltr">
                {row.action}
              </code>
            </TableCell>
            <TableCell>
              {row.targetLabel ? <span className="block">{row.targetLabel}</span> : null}
              {row.targetType ? (
                <code className="font-mono text-xs break-all text-muted-foreground" dir="ltr">
                  {row.targetType}
                  {row.targetId ? ` ${row.targetId}` : ""}
                </code>
              ) : null}
            </TableCell>
            <TableCell>
              <Badge variant={RESULT_VARIANT[row.result]}>{t(`admin.audit.results.${row.result}`)}</Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}
