import { ActionForm } from "@/components/admin/action-form";
import { ClientStrings } from "@/components/i18n/client-strings";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PageSection } from "@/components/ui/page-section";
import { saveNotebookSettingsAction } from "@/lib/features/notebook/actions";
import { CYCLE_DAYS_RANGE, NAME_MAX, RECENT_PAGES_RANGE, TYPE_ROWS } from "@/lib/features/notebook/settings-form";
import { getNotebookSettings, mistakeTypeName } from "@/lib/features/notebook/settings";
import { translator, type Translate } from "@/lib/i18n/core";
import { languageName, LOCALES, type Locale } from "@/lib/i18n/locales";

/**
 * The admin's notebook settings (issue 29): the mistake types teachers tap, named in every language
 * (each box starts with the name teachers read today), the rating thresholds and the revision rule.
 */
export async function NotebookSettings({
  connectionId,
  t,
  locale: reader,
}: {
  connectionId: string;
  t: Translate;
  locale: Locale;
}) {
  const settings = await getNotebookSettings(connectionId);
  const rows = Array.from({ length: TYPE_ROWS }, (_, i) => settings.mistakeTypes[i] ?? null);
  return (
    <PageSection
      id="notebook-settings-heading"
      title={t("admin.notebook.title")}
      hint={t("admin.notebook.intro")}
      className="gap-3"
    >
      <ClientStrings parts={["admin.notebook"]}>
        <ActionForm
          action={saveNotebookSettingsAction}
          submitLabel={t("admin.notebook.save")}
          successMessage={t("admin.notebook.saved")}
        >
          <div className="flex basis-full flex-col gap-5">
            <p className="max-w-prose text-sm text-muted-foreground">{t("admin.notebook.typesHint")}</p>
            {rows.map((type, i) => (
              <fieldset key={i} className="flex flex-col gap-2 rounded-md border border-border p-3">
                <legend className="px-1 text-sm font-medium">{t("admin.notebook.typeN", { number: i + 1 })}</legend>
                {type ? <input type="hidden" name={`type${i}_key`} value={type.id} /> : null}
                <div className="flex flex-wrap gap-3">
                  {LOCALES.map((locale) => (
                    <label key={locale} className="flex flex-col gap-1 text-sm">
                      <span>{languageName(locale, reader)}</span>
                      <Input
                        name={`type${i}_${locale}`}
                        maxLength={NAME_MAX}
                        defaultValue={type ? mistakeTypeName(type, locale, translator(locale)) : ""}
                        dir="auto"
                        className="w-44"
                      />
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
            <Field
              id="notebook-thresholds"
              label={t("admin.notebook.thresholds")}
              hint={t("admin.notebook.thresholdsHint")}
              className="max-w-xl"
            >
              {(control) => (
                <Input
                  {...control}
                  name="thresholds"
                  defaultValue={settings.ratingThresholds.join(", ")}
                  required
                  className="max-w-xs"
                />
              )}
            </Field>
            <Field
              id="notebook-recent-pages"
              label={t("admin.notebook.recentPages")}
              hint={t("admin.notebook.recentPagesHint")}
            >
              {(control) => (
                <Input
                  {...control}
                  name="recentPages"
                  type="number"
                  inputMode="numeric"
                  min={RECENT_PAGES_RANGE.min}
                  max={RECENT_PAGES_RANGE.max}
                  defaultValue={settings.recentPages}
                  required
                  className="w-32"
                />
              )}
            </Field>
            <Field
              id="notebook-cycle-days"
              label={t("admin.notebook.cycleDays")}
              hint={t("admin.notebook.cycleDaysHint")}
            >
              {(control) => (
                <Input
                  {...control}
                  name="cycleDays"
                  type="number"
                  inputMode="numeric"
                  min={CYCLE_DAYS_RANGE.min}
                  max={CYCLE_DAYS_RANGE.max}
                  defaultValue={settings.cycleDays}
                  required
                  className="w-32"
                />
              )}
            </Field>
          </div>
        </ActionForm>
      </ClientStrings>
    </PageSection>
  );
}
