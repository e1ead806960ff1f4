import { NotFoundView } from "@/components/shell/not-found-view";
import { getI18n } from "@/i18n/server";

/** Another family's child, or no child at all: the same answer, nothing about the record. */
export default async function ChildNotFound() {
  const { t } = await getI18n();
  return (
    <NotFoundView
      title={t("family.notFoundTitle")}
      body={t("family.notFound")}
      backHref="/family"
      backLabel={t("family.back")}
    />
  );
}
