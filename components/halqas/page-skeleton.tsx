import { Skeleton } from "@/components/ui/skeleton";
import { getI18n } from "@/lib/i18n/server";

/** The loading state of the halqa and student pages: a heading, a filter bar and rows. */
export async function PageSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = await getI18n();
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">{t("common.loading")}</span>
      <Skeleton className="h-9 w-1/3" />
      <Skeleton className="h-11 w-full" />
      <div className="flex flex-col gap-2">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    </div>
  );
}
