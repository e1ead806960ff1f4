import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { getI18n } from "@/lib/i18n/server";

/** A session of someone else and one that never existed read the same. */
export default async function SessionNotFound() {
  const { t } = await getI18n();
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="text-3xl font-semibold tracking-tight">{t("sessions.notFoundTitle")}</h1>
      <p className="text-muted-foreground">{t("sessions.notFoundBody")}</p>
      <Link href="/sessions" className={buttonVariants({ variant: "outline" })}>
        {t("sessions.detail.backToList")}
      </Link>
    </div>
  );
}
