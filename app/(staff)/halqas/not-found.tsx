import { NotFoundView } from "@/components/shell/not-found-view";
import { getI18n } from "@/i18n/server";

export default async function HalqaNotFound() {
  const { t } = await getI18n();
  return (
    <NotFoundView
      title={t("halqas.notFound.title")}
      body={t("halqas.notFound.body")}
      backHref="/halqas"
      backLabel={t("halqas.notFound.back")}
    />
  );
}
