import { Skeleton } from "@/components/ui/skeleton";

type Variant = "list" | "cards" | "table" | "detail";

/** A list: its filter bar, then rows; a table: a summary card, then rows. */
const ROWS = { list: { top: "h-11 w-full", row: "h-12" }, table: { top: "h-32", row: "h-11" } } as const;

/**
 * A page's loading placeholder, shaped like the page (`list`: a filter bar and `rows` rows); the
 * label is announced once through role="status".
 */
export function PageSkeleton({
  label,
  variant = "list",
  rows = 6,
}: {
  label: string;
  variant?: Variant;
  rows?: number;
}) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-9 w-1/2" />
      {variant === "list" || variant === "table" ? (
        <>
          <Skeleton className={ROWS[variant].top} />
          <SkeletonRows count={rows} className={ROWS[variant].row} />
        </>
      ) : null}
      {variant === "cards" ? <SkeletonCards /> : null}
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

/** Two placeholder cards side by side (one on a narrow screen). */
export function SkeletonCards() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Skeleton className="h-44" />
      <Skeleton className="h-44" />
    </div>
  );
}
