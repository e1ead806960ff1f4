import { NotFoundView } from "@/components/shell/not-found-view";
import { getI18n } from "@/i18n/server";

export default async function StudentNotFound() {
  const { t } = await getI18n();
  return (
    <NotFoundView
      title={t("students.notFound.title")}
      body={t("students.notFound.body")}
      backHref="/students"
      backLabel={t("students.notFound.back")}
    />
  );
}
