import { AdminSection } from "@/components/admin/section";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { NOTICE_KINDS } from "@/lib/features/notices/preferences";
import type { NoticeSwitches } from "@/lib/features/notices/admin-view";
import type { LastMessage, NoticeChoices } from "@/lib/features/notices/preferences";
import type { I18n } from "@/lib/i18n/core";
import { nativeName, type Locale } from "@/lib/i18n/locales";

/** On an admin's page of a parent: what they chose to receive, in which language, and the last message sent (issue 24.5). */
export function ParentMessages({
  choices,
  school,
  locale,
  last,
  i18n,
}: {
  choices: NoticeChoices;
  school: NoticeSwitches;
  locale: Locale;
  last: LastMessage | null;
  i18n: I18n;
}) {
  const { t, date } = i18n;
  return (
    <AdminSection id="parent-messages-heading" title={t("notices.parent.title")} hint={t("notices.parent.hint")}>
      <Table>
        <TableCaption className="sr-only">{t("notices.parent.title")}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t("notices.parent.kind")}</TableHead>
            <TableHead>{t("notices.parent.state")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {NOTICE_KINDS.map((kind) => (
            <TableRow key={kind}>
              <TableCell>{t(`notices.admin.kinds.${kind}`)}</TableCell>
              <TableCell>
                {choices[kind] ? t("notices.admin.on") : t("notices.admin.off")}
                {school[kind]
                  ? null
                  : ` (${t("notices.choices.schoolOff", { kind: t(`notices.unsubscribe.${kind}`) })})`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t("notices.parent.language")}</dt>
        <dd lang={locale}>{nativeName(locale)}</dd>
        <dt className="text-muted-foreground">{t("notices.parent.lastSent")}</dt>
        <dd>
          {last
            ? t("notices.parent.lastSentValue", {
                kind: t(`notices.admin.kinds.${last.kind}`),
                date: date(last.sentAt, { time: true }),
              })
            : t("notices.parent.never")}
        </dd>
      </dl>
    </AdminSection>
  );
}
