import { Picker } from "@/components/pickers/picker";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { linkTeacherSheikh } from "@/lib/features/admin/actions";
import type { SheikhOption } from "@/lib/features/admin/pickers";
import type { UserLink } from "@/lib/features/admin/managed-users";
import type { Translate } from "@/lib/i18n/core";
import { ActionForm } from "./action-form";
import { AdminSection } from "./section";
import { UnlinkForm } from "./unlink-form";

/** Above this many sheikhs the picker is a searchable combobox asking the server, not a `<select>`. */
const PICKER_ABOVE = 40;

/** A teacher's sheikh: the current link, and a picker filled from GET /sheikhs (ids are never typed). */
export function SheikhLink({ userId, current, options, t }: { userId: string; current: UserLink | undefined; options: SheikhOption[]; t: Translate }) {
  return (
    <AdminSection id="sheikh-heading" title={t("admin.user.sheikhTitle")} hint={t("admin.user.sheikhHint")}>
      {current ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <p>{t("admin.user.sheikhCurrent", { name: current.label })}</p>
          <UnlinkForm userId={userId} kind="sheikh" link={current} label={t("admin.user.unlinkSheikhLabel", { name: current.label })} t={t} />
        </div>
      ) : (
        <p className="text-muted-foreground">{t("admin.user.sheikhNone")}</p>
      )}
      {options.length ? (
        <ActionForm action={linkTeacherSheikh} hidden={{ userId }} submitLabel={t("admin.user.sheikhSubmit")} successMessage={t("admin.user.saved")}>
          {options.length > PICKER_ABOVE ? (
            <Picker kind="sheikhs" name="sheikhId" label={t("admin.user.sheikhPicker")} className="min-w-64 flex-1" />
          ) : (
            <Field id="sheikh-picker" label={t("admin.user.sheikhPicker")} className="min-w-64 flex-1">
              {(control) => (
                <Select {...control} name="sheikhId" required defaultValue={current?.refId ?? ""}>
                  <option value="" disabled>
                    {t("admin.user.sheikhChoose")}
                  </option>
                  {options.map((sheikh) => (
                    <option key={sheikh.id} value={sheikh.id}>
                      {sheikh.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </ActionForm>
      ) : (
        <p className="text-muted-foreground">{t("admin.user.noSheikhs")}</p>
      )}
    </AdminSection>
  );
}
