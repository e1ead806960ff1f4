// v1 call budget: V1_CALL_BUDGETS["/admin/settings"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import type { Metadata } from "next";
import { LanguageSettings } from "@/components/admin/language-settings";
import { NotebookSettings } from "@/components/admin/notebook-settings";
import { ProgressSettings } from "@/components/progress/progress-settings";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { getI18n } from "@/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("admin.settings.title") };
}

/**
 * The school's own settings, where a head looks for them (issue 58.9): when a student needs
 * attention, the language new users start in and how numbers and dates are written, and the
 * notebook's mistake types and ratings. The connection page keeps what the IT person reads.
 */
export default async function SettingsPage() {
  const actor = await requireAdminPage("viewConnectionHealth");
  const i18n = await getI18n();
  const { t } = i18n;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("admin.settings.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("admin.settings.intro")}</p>
      </header>
      <ProgressSettings connectionId={actor.connectionId} i18n={i18n} />
      <LanguageSettings connectionId={actor.connectionId} t={t} locale={i18n.locale} />
      <NotebookSettings connectionId={actor.connectionId} t={t} locale={i18n.locale} />
    </div>
  );
}
