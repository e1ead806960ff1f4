import { Skeleton } from "@/components/ui/skeleton";

/** Loading placeholder shaped like the page; announced once through role="status". */
export function PageSkeleton({ label, variant }: { label: string; variant: "cards" | "table" | "detail" }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-9 w-1/2" />
      {variant === "cards" ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-44" />
          <Skeleton className="h-44" />
        </div>
      ) : null}
      {variant === "table" ? (
        <>
          <Skeleton className="h-32" />
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-11" />
          ))}
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
