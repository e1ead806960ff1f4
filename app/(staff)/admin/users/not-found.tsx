import { BackLink } from "@/components/ui/back-link";
import { getI18n } from "@/i18n/server";

/** An unknown user id, or one of another school: the same answer for both. */
export default async function UserNotFound() {
  const { t } = await getI18n();
  return (
    <div className="flex flex-col gap-4 py-6">
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">{t("common.notFoundTitle")}</h1>
      <p className="text-base text-muted-foreground">{t("admin.users.notFound")}</p>
      <BackLink href="/admin/users" label={t("admin.user.back")} />
    </div>
  );
}
