import { NotFoundView } from "@/components/shell/not-found-view";
import { getI18n } from "@/i18n/server";

/** A session of someone else and one that never existed read the same (also for /sessions/{id} and its register). */
export default async function SessionNotFound() {
  const { t } = await getI18n();
  return (
    <NotFoundView
      title={t("sessions.notFoundTitle")}
      body={t("sessions.notFoundBody")}
      backHref="/sessions"
      backLabel={t("sessions.detail.backToList")}
    />
  );
}
