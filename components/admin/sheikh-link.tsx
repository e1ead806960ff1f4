import { Choose } from "@/components/pickers/picker";
import { linkTeacherSheikh } from "@/lib/features/admin/actions";
import type { SheikhOption } from "@/lib/features/admin/pickers";
import { selectChoices } from "@/lib/features/pickers/choices";
import type { UserLink } from "@/lib/features/admin/managed-users";
import type { Translate } from "@/lib/i18n/core";
import { ActionForm } from "./action-form";
import { AdminSection } from "./section";
import { UnlinkForm } from "./unlink-form";

/** A teacher's sheikh: the current link, and a picker filled from GET /sheikhs (ids are never typed): a `<select>` of few, else searchable. */
export function SheikhLink({
  userId,
  current,
  options,
  t,
}: {
  userId: string;
  current: UserLink | undefined;
  options: SheikhOption[];
  t: Translate;
}) {
  return (
    <AdminSection id="sheikh-heading" title={t("admin.user.sheikhTitle")} hint={t("admin.user.sheikhHint")}>
      {current ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <p>{t("admin.user.sheikhCurrent", { name: current.label })}</p>
          <UnlinkForm
            userId={userId}
            kind="sheikh"
            link={current}
            label={t("admin.user.unlinkSheikhLabel", { name: current.label })}
            t={t}
          />
        </div>
      ) : (
        <p className="text-muted-foreground">{t("admin.user.sheikhNone")}</p>
      )}
      {options.length ? (
        <ActionForm
          action={linkTeacherSheikh}
          hidden={{ userId }}
          submitLabel={t("admin.user.sheikhSubmit")}
          successMessage={t("admin.user.saved")}
        >
          <Choose
            kind="sheikhs"
            id="sheikh-picker"
            name="sheikhId"
            label={t("admin.user.sheikhPicker")}
            choices={selectChoices(options)}
            placeholder={t("admin.user.sheikhChoose")}
            required
            value={current ? { id: current.refId, name: current.label } : null}
            className="min-w-64 flex-1"
          />
        </ActionForm>
      ) : (
        <p className="text-muted-foreground">{t("admin.user.noSheikhs")}</p>
      )}
    </AdminSection>
  );
}
