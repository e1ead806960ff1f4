import { NotFoundBack, PageNotFound } from "@/components/shell/not-found-view";
import { getI18n } from "@/i18n/server";

/** A record or page that does not exist, or is not this person's to see: the same answer for both. */
export default async function StaffNotFound() {
  const { t } = await getI18n();
  return (
    <div className="flex flex-col gap-4 py-6">
      <PageNotFound
        title={t("common.notFoundTitle")}
        body={t("common.notFoundBody")}
        back={<NotFoundBack href="/today" label={t("nav.backToday")} />}
      />
    </div>
  );
}
