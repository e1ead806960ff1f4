import { ActionForm } from "@/components/admin/action-form";
import { ClientStrings } from "@/components/i18n/client-strings";
import { Field } from "@/components/ui/field";
import { PageSection } from "@/components/ui/page-section";
import { Select } from "@/components/ui/select";
import { saveSchoolLanguagesAction } from "@/lib/features/languages/actions";
import { getSchoolLanguages } from "@/lib/preferences/school-languages";
import type { Translate } from "@/lib/i18n/core";
import { CALENDAR_ORDERS, languageName, LOCALES, NUMERALS, type Locale } from "@/lib/i18n/locales";

const NUMERAL_LABELS = { western: "numeralsWestern", native: "numeralsNative" } as const;
const CALENDAR_LABELS = {
  "gregorian-first": "calendarsGregorianFirst",
  "hijri-first": "calendarsHijriFirst",
  "gregorian-only": "calendarsGregorianOnly",
} as const;

/** The admin's language settings of the school: the default for new users, the digits, the order of the calendars. */
export async function LanguageSettings({
  connectionId,
  t,
  locale,
}: {
  connectionId: string;
  t: Translate;
  locale: Locale;
}) {
  const settings = await getSchoolLanguages(connectionId);
  return (
    <PageSection
      id="language-settings-heading"
      title={t("admin.languages.title")}
      hint={t("admin.languages.intro")}
      className="gap-3"
    >
      <ClientStrings parts={["admin.languages.invalid"]}>
        <ActionForm
          action={saveSchoolLanguagesAction}
          submitLabel={t("admin.languages.save")}
          successMessage={t("admin.languages.saved")}
        >
          <div className="flex basis-full flex-col gap-5">
            <Field
              id="school-default-locale"
              label={t("admin.languages.defaultLocale")}
              hint={t("admin.languages.defaultLocaleHint")}
              className="max-w-xl"
            >
              {(control) => (
                <Select {...control} name="defaultLocale" defaultValue={settings.defaultLocale} className="max-w-xs">
                  {LOCALES.map((code) => (
                    <option key={code} value={code}>
                      {languageName(code, locale)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Choices
              legend={t("admin.languages.numerals")}
              name="numerals"
              checked={settings.formats.numerals}
              // The Western digits' own shapes, as a value: a message's digits are shown in the school's (lib/i18n/compiled.ts).
              options={NUMERALS.map((value) => ({
                value,
                label: t(`admin.languages.${NUMERAL_LABELS[value]}`, { digits: "0 1 2 3" }),
              }))}
            />
            <Choices
              legend={t("admin.languages.calendars")}
              name="calendars"
              checked={settings.formats.calendars}
              options={CALENDAR_ORDERS.map((value) => ({
                value,
                label: t(`admin.languages.${CALENDAR_LABELS[value]}`),
              }))}
            />
          </div>
        </ActionForm>
      </ClientStrings>
    </PageSection>
  );
}

function Choices({
  legend,
  name,
  checked,
  options,
}: {
  legend: string;
  name: string;
  checked: string;
  options: { value: string; label: string }[];
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name={name}
            value={option.value}
            defaultChecked={option.value === checked}
            className="size-4 accent-primary"
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
