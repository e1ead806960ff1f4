import { Skeleton } from "@/components/ui/skeleton";
import { getI18n } from "@/i18n/server";

/** An admin page's shape while its data loads (the connection check probes the school's API). */
export async function AdminSkeleton() {
  const { t } = await getI18n();
  return (
    <div role="status" className="flex flex-col gap-6">
      <span className="sr-only">{t("admin.loading")}</span>
      <Skeleton className="h-9 w-1/3" />
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}
