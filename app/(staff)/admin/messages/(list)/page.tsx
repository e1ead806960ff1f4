import type { Metadata } from "next";
import { ActionForm } from "@/components/admin/action-form";
import { ClientStrings } from "@/components/i18n/client-strings";
import { KindSwitches } from "@/components/notices/kind-switches";
import { NoticeTimesForm } from "@/components/notices/notice-times";
import { DaysTable, MessagesTable } from "@/components/notices/message-tables";
import { Alert } from "@/components/ui/alert";
import { PageSection } from "@/components/ui/page-section";
import { isEmbeddedMode } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { dateIn } from "@/lib/dates";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { schoolOf } from "@/lib/features/school/of-connection";
import { sendWeeklyNowAction } from "@/lib/features/notices/actions";
import { loadMessagesView } from "@/lib/features/notices/admin-view";
import { mailConfigFor } from "@/lib/mail/config";
import { getI18n } from "@/i18n/server";

// v1 call budget: none beyond the school's name (memoized): everything here is the dashboard's own store.
export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("notices.admin.title") };
}

export default async function MessagesPage() {
  const actor = await requireAdminPage("manageNotices");
  const i18n = await getI18n();
  const { t, locale, timeZone } = i18n;
  const [school, view] = await Promise.all([
    schoolOf(actor.connectionId, locale),
    dashboardDb().then((db) => loadMessagesView(db, actor.connectionId, dateIn(timeZone ?? "UTC"))),
  ]);
  const mailServer = mailConfigFor(actor.connectionId) !== null;
  const preview = isEmbeddedMode();

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("notices.admin.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("notices.admin.intro", { school: school.name })}</p>
      </header>
      {mailServer ? (
        <p className="text-muted-foreground">{t("notices.admin.mailServer")}</p>
      ) : (
        <Alert variant="warning">{t("notices.admin.noMailServer")}</Alert>
      )}
      <ClientStrings parts={["notices.admin", "errors"]}>
        <PageSection id="kinds" title={t("notices.admin.kindsTitle")}>
          <KindSwitches switches={view.switches} i18n={i18n} />
          <div className="flex flex-col gap-1">
            <ActionForm
              action={sendWeeklyNowAction}
              submitLabel={t("notices.admin.weeklyNow")}
              successMessage={t("notices.admin.weeklyQueued")}
              variant="outline"
            />
            <p className="max-w-prose text-sm text-muted-foreground">{t("notices.admin.weeklyNowHint")}</p>
          </div>
        </PageSection>
        <PageSection id="times" title={t("notices.admin.times.title")}>
          <NoticeTimesForm times={view.times} timeZone={timeZone} i18n={i18n} />
        </PageSection>
        <PageSection id="days" title={t("notices.admin.daysTitle")}>
          {view.days.length ? (
            <DaysTable days={view.days} i18n={i18n} />
          ) : (
            <p className="text-muted-foreground">{t("notices.admin.recentEmpty")}</p>
          )}
        </PageSection>
        <PageSection id="failed" title={t("notices.admin.failedTitle")}>
          {view.failed.length ? (
            <MessagesTable
              rows={view.failed}
              caption={t("notices.admin.failedCaption")}
              i18n={i18n}
              preview={preview}
            />
          ) : (
            <p className="text-muted-foreground">{t("notices.admin.failedEmpty")}</p>
          )}
        </PageSection>
        <PageSection id="recent" title={t("notices.admin.recentTitle")}>
          {view.recent.length ? (
            <MessagesTable
              rows={view.recent}
              caption={t("notices.admin.recentCaption")}
              i18n={i18n}
              preview={preview}
            />
          ) : (
            <p className="text-muted-foreground">{t("notices.admin.recentEmpty")}</p>
          )}
        </PageSection>
      </ClientStrings>
    </div>
  );
}
