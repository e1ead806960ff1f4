import { ActionForm } from "@/components/admin/action-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { NOTICE_KINDS } from "@/lib/features/notices/preferences";
import { saveMyNoticeChoicesAction } from "@/lib/features/notices/actions";
import type { NoticeSwitches } from "@/lib/features/notices/admin-view";
import type { NoticeChoices } from "@/lib/features/notices/preferences";
import type { I18n } from "@/lib/i18n/core";
import { LOCALES, nativeName } from "@/lib/i18n/locales";

/** On the family home: which messages this parent gets, and their language (issue 24.5). */
export function FamilyChoices({
  email,
  choices,
  school,
  i18n,
}: {
  email: string;
  choices: NoticeChoices;
  school: NoticeSwitches;
  i18n: I18n;
}) {
  const { t, locale } = i18n;
  return (
    <section aria-labelledby="choices-title">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="choices-title">
            {t("notices.choices.title")}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-muted-foreground">{t("notices.choices.intro", { email })}</p>
          <ActionForm
            action={saveMyNoticeChoicesAction}
            submitLabel={t("notices.choices.save")}
            successMessage={t("notices.choices.saved")}
          >
            <div className="flex w-full flex-col gap-3">
              {NOTICE_KINDS.map((kind) => (
                <div key={kind} className="flex flex-col gap-1">
                  <label className="flex min-h-11 items-center gap-3">
                    <input
                      type="checkbox"
                      name={kind}
                      defaultChecked={choices[kind]}
                      className="size-6 shrink-0 accent-primary"
                    />
                    <span>{t(`notices.choices.${kind}`)}</span>
                  </label>
                  {school[kind] ? null : (
                    <p className="text-sm text-muted-foreground">
                      {t("notices.choices.schoolOff", { kind: t(`notices.unsubscribe.${kind}`) })}
                    </p>
                  )}
                </div>
              ))}
              <Field id="choices-language" label={t("notices.choices.language")} className="max-w-xs">
                {(control) => (
                  <Select {...control} name="locale" defaultValue={locale}>
                    {LOCALES.map((code) => (
                      <option key={code} value={code} lang={code}>
                        {nativeName(code)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
          </ActionForm>
        </CardContent>
      </Card>
    </section>
  );
}
