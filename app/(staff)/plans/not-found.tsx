import { NotFoundView } from "@/components/shell/not-found-view";
import { getI18n } from "@/i18n/server";

export default async function PlanNotFound() {
  const { t } = await getI18n();
  return (
    <NotFoundView
      title={t("plans.detail.notFoundTitle")}
      body={t("plans.detail.notFound")}
      backHref="/plans"
      backLabel={t("plans.detail.back")}
    />
  );
}
