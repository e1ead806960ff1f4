import { ActionForm } from "@/components/admin/action-form";
import { ClientStrings } from "@/components/i18n/client-strings";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { saveProgressSettingsAction } from "@/lib/features/progress/actions";
import { progressFreshness } from "@/lib/features/progress/read-model";
import { getProgressSettings, NOT_HEARD_DAYS_RANGE } from "@/lib/features/progress/settings";
import type { I18n } from "@/lib/i18n/core";
import { Freshness } from "./freshness";
import { PageSection } from "@/components/ui/page-section";

/** The admin's progress settings ("not heard in N days") and how fresh the progress read model is. */
export async function ProgressSettings({
  connectionId,
  i18n,
}: {
  connectionId: string;
  i18n: Pick<I18n, "t" | "date">;
}) {
  const { t } = i18n;
  const [settings, freshness] = await Promise.all([
    getProgressSettings(connectionId),
    progressFreshness({ connectionId }),
  ]);
  return (
    <PageSection
      id="progress-settings-heading"
      title={t("glance.settings.title")}
      hint={t("glance.settings.intro")}
      className="gap-3"
    >
      <ClientStrings parts={["glance.settings.invalid"]}>
        <ActionForm
          action={saveProgressSettingsAction}
          submitLabel={t("glance.settings.save")}
          successMessage={t("glance.settings.saved")}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor="not-heard-days">{t("glance.settings.notHeardDays")}</Label>
            <Input
              id="not-heard-days"
              name="notHeardDays"
              type="number"
              inputMode="numeric"
              min={NOT_HEARD_DAYS_RANGE.min}
              max={NOT_HEARD_DAYS_RANGE.max}
              step={1}
              defaultValue={settings.notHeardDays}
              required
              className="w-32"
            />
          </div>
        </ActionForm>
      </ClientStrings>
      <h3 className="text-base font-semibold">{t("glance.settings.syncTitle")}</h3>
      <Freshness freshness={freshness} i18n={i18n} />
    </PageSection>
  );
}
