import Link from "next/link";
import { ActionForm } from "@/components/admin/action-form";
import { ScrollTable } from "@/components/ui/scroll-table";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { linkClass } from "@/components/ui/text-link";
import type { DayCount, MessageRow } from "@/lib/features/notices/admin-view";
import { resendNoticeAction } from "@/lib/features/notices/actions";
import type { I18n } from "@/lib/i18n/core";

/** Counts per kind and school day. */
export function DaysTable({ days, i18n }: { days: DayCount[]; i18n: I18n }) {
  const { t, date, number } = i18n;
  // Six columns of counts scroll sideways where they do not fit (Arabic's longer headings): in a focusable region.
  return (
    <ScrollTable label={t("notices.admin.daysCaption")}>
      <TableCaption>{t("notices.admin.daysCaption")}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("notices.admin.columns.day")}</TableHead>
          <TableHead>{t("notices.admin.columns.kind")}</TableHead>
          <TableHead>{t("notices.admin.columns.sent")}</TableHead>
          <TableHead>{t("notices.admin.columns.waiting")}</TableHead>
          <TableHead>{t("notices.admin.columns.failed")}</TableHead>
          <TableHead>{t("notices.admin.columns.held")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {days.map((day) => (
          <TableRow key={`${day.day}-${day.kind}`}>
            <TableCell>{date(day.day)}</TableCell>
            <TableCell>{t(`notices.admin.kinds.${day.kind}`)}</TableCell>
            <TableCell>{number(day.sent)}</TableCell>
            <TableCell>{number(day.waiting)}</TableCell>
            <TableCell>{number(day.failed)}</TableCell>
            <TableCell>{number(day.held)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}

export function reasonText(i18n: I18n, code: string | null): string {
  if (!code) return "";
  const { t } = i18n;
  if (code === "invalid_address" || code === "interrupted" || code === "expired")
    return t(`notices.admin.reasons.${code}`);
  return code.startsWith("smtp_")
    ? t("notices.admin.reasons.unknown", { code })
    : t("notices.admin.reasons.unreachable", { code });
}

/** A list of messages; failed ones offer "Send again", and in the demo each opens as received. */
export function MessagesTable({
  rows,
  caption,
  i18n,
  preview,
}: {
  rows: MessageRow[];
  caption: string;
  i18n: I18n;
  preview: boolean;
}) {
  const { t, date, number } = i18n;
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("notices.admin.message.created")}</TableHead>
          <TableHead>{t("notices.admin.message.to")}</TableHead>
          <TableHead>{t("notices.admin.message.subject")}</TableHead>
          <TableHead>{t("notices.admin.message.status")}</TableHead>
          <TableHead>{t("notices.admin.message.reason")}</TableHead>
          <TableHead>{t("notices.admin.message.attempts")}</TableHead>
          <TableHead>{t("notices.admin.message.actions")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="whitespace-nowrap">{date(row.createdAt, { time: true })}</TableCell>
            <TableCell>
              <bdi>{row.email}</bdi>
            </TableCell>
            <TableCell>
              <bdi>{row.subject}</bdi>
            </TableCell>
            <TableCell>{t(`notices.admin.statuses.${row.status}`)}</TableCell>
            <TableCell>
              {row.status === "failed" || row.status === "pending" ? reasonText(i18n, row.reason) : ""}
            </TableCell>
            <TableCell>{number(row.attempts)}</TableCell>
            <TableCell>
              <div className="flex flex-wrap items-start gap-2">
                {preview ? (
                  <Link
                    href={`/admin/messages/${encodeURIComponent(row.id)}`}
                    className={linkClass}
                    aria-label={t("notices.admin.previewLabel", { email: row.email })}
                  >
                    {t("notices.admin.preview")}
                  </Link>
                ) : null}
                {row.status === "failed" ? (
                  <ActionForm
                    action={resendNoticeAction}
                    hidden={{ id: row.id }}
                    submitLabel={t("notices.admin.resend")}
                    submitAriaLabel={t("notices.admin.resendLabel", { email: row.email })}
                    successMessage={t("notices.admin.resent")}
                    variant="outline"
                  />
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
