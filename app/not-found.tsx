import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { getI18n } from "@/i18n/server";

export default async function NotFound() {
  const { t } = await getI18n();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh w-full max-w-xl flex-col justify-center gap-4 px-6 py-12 outline-none"
    >
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">{t("common.notFoundTitle")}</h1>
      <p className="text-base text-muted-foreground">{t("common.notFoundBody")}</p>
      <div>
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          {t("nav.backHome")}
        </Link>
      </div>
    </main>
  );
}
