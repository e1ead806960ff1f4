import { NotFoundBack, PageNotFound } from "@/components/shell/not-found-view";
import { getI18n } from "@/i18n/server";

export default async function NotFound() {
  const { t } = await getI18n();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh w-full max-w-xl flex-col justify-center gap-4 px-6 py-12 outline-none"
    >
      <PageNotFound
        title={t("common.notFoundTitle")}
        body={t("common.notFoundBody")}
        back={<NotFoundBack href="/" label={t("nav.backHome")} />}
      />
    </main>
  );
}
