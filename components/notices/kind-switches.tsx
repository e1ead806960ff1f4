import { ActionForm } from "@/components/admin/action-form";
import { setNoticeKindAction } from "@/lib/features/notices/actions";
import { SWITCHES, type NoticeSwitches } from "@/lib/features/notices/admin-view";
import type { I18n } from "@/lib/i18n/core";

/** Each kind of message, on or off for the school, with the button that flips it. */
export function KindSwitches({ switches, i18n }: { switches: NoticeSwitches; i18n: I18n }) {
  const { t } = i18n;
  return (
    <ul className="flex flex-col gap-3">
      {SWITCHES.map((kind) => {
        const name = t(`notices.admin.kinds.${kind}`);
        const on = switches[kind];
        return (
          <li key={kind} className="flex flex-wrap items-center gap-4 rounded-lg border border-border p-3">
            <span className="min-w-64 font-medium">{name}</span>
            <span className={on ? "font-medium" : "text-muted-foreground"}>
              {on ? t("notices.admin.on") : t("notices.admin.off")}
            </span>
            <ActionForm
              action={setNoticeKindAction}
              hidden={{ kind, on: on ? "false" : "true" }}
              submitLabel={on ? t("notices.admin.turnOff", { kind: name }) : t("notices.admin.turnOn", { kind: name })}
              successMessage={t("notices.admin.saved")}
              variant="outline"
            />
          </li>
        );
      })}
    </ul>
  );
}
