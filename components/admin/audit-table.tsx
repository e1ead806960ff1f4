import Link from "next/link";
import { linkClass } from "@/components/ui/text-link";
import { Badge } from "@/components/ui/badge";
import { TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AuditView } from "@/lib/features/admin/audit";
import { auditTargetHref } from "@/lib/features/admin/audit-actions";
import type { Translate } from "@/lib/i18n/core";
import { auditActionLabel, auditChangeText, auditRecordName, auditTargetLabel } from "./audit-labels";
import { ScrollTable } from "@/components/ui/scroll-table";

const RESULT_VARIANT = { ok: "secondary", denied: "warning", failed: "destructive" } as const;

function Target({ row, t, day }: { row: AuditView; t: Translate; day: (value: string) => string }) {
  if (!row.targetType) return null;
  const href = auditTargetHref(row.targetType, row.targetId);
  const kind = auditTargetLabel(t, row.targetType);
  const name = auditRecordName(t, day, row) ?? kind;
  return (
    <div className="flex flex-col">
      {href ? (
        <Link href={href} className={linkClass} dir="auto">
          {name}
        </Link>
      ) : (
        <span dir="auto">{name}</span>
      )}
      {name !== kind ? <span className="text-sm text-muted-foreground">{kind}</span> : null}
    </div>
  );
}

/** Who did what, when, to which record, and how it ended: actions in the reader's words, people and records by name, refusals with their reason. */
export function AuditTable({
  rows,
  caption,
  t,
  when,
  day,
}: {
  rows: AuditView[];
  caption: string;
  t: Translate;
  when: (at: Date) => string;
  day: (value: string) => string;
}) {
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
          <TableRow key={row.id} className="align-top">
            <TableCell>
              <time dateTime={row.at.toISOString()}>{when(row.at)}</time>
            </TableCell>
            <TableCell>
              <div className="flex flex-col">
                {row.userId && row.who ? (
                  <Link href={`/admin/users/${encodeURIComponent(row.userId)}`} className={linkClass} dir="auto">
                    {row.who}
                  </Link>
                ) : (
                  <span>{row.who ?? t("admin.audit.unknownUser")}</span>
                )}
                {row.email ? (
                  <span className="text-sm text-muted-foreground" dir="ltr">
                    {row.email}
                  </span>
                ) : null}
              </div>
            </TableCell>
            <TableCell className="whitespace-normal">
              <div className="flex flex-col gap-1">
                <span>{auditActionLabel(t, row.action)}</span>
                {row.saves > 1 ? (
                  <span className="text-sm text-muted-foreground">
                    {t("admin.audit.changes.saves", { count: row.saves })}
                  </span>
                ) : null}
                {row.changes.length ? (
                  <ul aria-label={t("admin.audit.changes.label")} className="flex flex-col text-sm">
                    {row.changes.map((change) => (
                      <li key={change.kind === "mark" ? `m-${change.student}` : `f-${change.field}`} dir="auto">
                        {auditChangeText(t, change, day)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </TableCell>
            <TableCell className="whitespace-normal">
              <Target row={row} t={t} day={day} />
            </TableCell>
            <TableCell className="whitespace-normal">
              <div className="flex flex-col items-start gap-1">
                <Badge variant={RESULT_VARIANT[row.result]}>{t(`admin.audit.results.${row.result}`)}</Badge>
                {row.reason ? (
                  <span className="text-sm">{t("admin.audit.reason", { reason: t(row.reason) })}</span>
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}
