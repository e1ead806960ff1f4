import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { getI18n } from "@/i18n/server";

/** A record or page that does not exist, or is not this person's to see: the same answer for both. */
export default async function StaffNotFound() {
  const { t } = await getI18n();
  return (
    <div className="flex flex-col gap-4 py-6">
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">{t("common.notFoundTitle")}</h1>
      <p className="text-base text-muted-foreground">{t("common.notFoundBody")}</p>
      <div>
        <Link href="/today" className={buttonVariants({ variant: "outline" })}>
          {t("nav.backToday")}
        </Link>
      </div>
    </div>
  );
}
