import { unlinkUser } from "@/lib/features/admin/actions";
import type { UserLink } from "@/lib/features/admin/managed-users";
import type { Translate } from "@/lib/i18n/core";
import { ActionForm } from "./action-form";

/** The Remove button of one of a user's links (a child's lineage, a sheikh record); `label` names what it removes. */
export function UnlinkForm({
  userId,
  kind,
  link,
  label,
  t,
}: {
  userId: string;
  kind: "student_lineage" | "sheikh";
  link: UserLink;
  label: string;
  t: Translate;
}) {
  return (
    <ActionForm
      action={unlinkUser}
      hidden={{ userId, kind, refId: link.refId }}
      submitLabel={t("admin.user.remove")}
      submitAriaLabel={label}
      variant="outline"
    />
  );
}
