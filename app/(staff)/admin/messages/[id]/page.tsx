import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BackLink } from "@/components/ui/back-link";
import { isEmbeddedMode } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { loadMessage } from "@/lib/features/notices/admin-view";
import { mailConfigFor } from "@/lib/mail/config";
import { getI18n } from "@/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("notices.admin.previewTitle") };
}

/**
 * The embedded demo's preview of a message as a family receives it (a real school's admins do not
 * read families' mail here: a 404). The HTML is shown in a sandboxed frame: no script, no forms, no
 * same-origin access, whatever it held.
 */
export default async function MessagePreviewPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requireAdminPage("manageNotices");
  if (!isEmbeddedMode()) notFound();
  const [{ id }, { t }] = await Promise.all([params, getI18n()]);
  const message = await loadMessage(await dashboardDb(), actor.connectionId, id);
  if (!message) notFound();
  const from = mailConfigFor(actor.connectionId)?.from ?? "—";
  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/admin/messages" label={t("notices.admin.backToMessages")} />
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("notices.admin.previewTitle")}</h1>
        <p className="text-muted-foreground">{t("notices.admin.previewIntro")}</p>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t("notices.admin.from")}</dt>
        <dd>
          <bdi>{from}</bdi>
        </dd>
        <dt className="text-muted-foreground">{t("notices.admin.message.to")}</dt>
        <dd>
          <bdi>{message.recipientEmail}</bdi>
        </dd>
        <dt className="text-muted-foreground">{t("notices.admin.message.subject")}</dt>
        <dd>
          <bdi>{message.subject}</bdi>
        </dd>
      </dl>
      <iframe
        title={message.subject}
        sandbox=""
        srcDoc={message.htmlBody}
        className="h-[28rem] w-full rounded-lg border border-border bg-white"
      />
    </div>
  );
}
