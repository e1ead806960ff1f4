import { Skeleton } from "@/components/ui/skeleton";
import { getI18n } from "@/lib/i18n/server";

/** A page-shaped placeholder inside the shell while a staff page loads its data. */
export default async function StaffLoading() {
  const { t } = await getI18n();
  return (
    <div role="status" className="flex flex-col gap-6">
      <span className="sr-only">{t("common.loading")}</span>
      <Skeleton className="h-9 w-1/2" />
      <div className="flex flex-wrap gap-3">
        <Skeleton className="h-11 w-40" />
        <Skeleton className="h-11 w-40" />
        <Skeleton className="h-11 w-28" />
      </div>
      <div className="flex flex-col gap-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    </div>
  );
}
