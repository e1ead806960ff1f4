import { PageNotFound } from "@/components/shell/not-found-view";
import { BackLink } from "@/components/ui/back-link";
import { getI18n } from "@/i18n/server";

/** An unknown user id, or one of another school: the same answer for both. */
export default async function UserNotFound() {
  const { t } = await getI18n();
  return (
    <div className="flex flex-col gap-4 py-6">
      <PageNotFound
        title={t("common.notFoundTitle")}
        body={t("admin.users.notFound")}
        back={<BackLink href="/admin/users" label={t("admin.user.back")} />}
      />
    </div>
  );
}
