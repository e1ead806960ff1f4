import { Skeleton } from "@/components/ui/skeleton";

type Variant = "list" | "cards" | "table" | "detail";

/**
 * A page's loading placeholder, shaped like the page (`list`: a filter bar and `rows` rows); the
 * label is announced once through role="status".
 */
export function PageSkeleton({ label, variant = "list", rows = 6 }: { label: string; variant?: Variant; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-9 w-1/2" />
      {variant === "list" ? (
        <>
          <Skeleton className="h-11 w-full" />
          <SkeletonRows count={rows} className="h-12" />
        </>
      ) : null}
      {variant === "cards" ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-44" />
          <Skeleton className="h-44" />
        </div>
      ) : null}
      {variant === "table" ? (
        <>
          <Skeleton className="h-32" />
          <SkeletonRows count={rows} className="h-11" />
        </>
      ) : null}
      {variant === "detail" ? (
        <>
          <Skeleton className="h-40" />
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </>
      ) : null}
    </div>
  );
}

/** Placeholder rows of a table or list. */
export function SkeletonRows({ count, className }: { count: number; className: string }) {
  return (
    <div className="flex flex-col gap-2">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}
