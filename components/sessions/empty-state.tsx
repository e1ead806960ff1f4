import type { ReactNode } from "react";

/** What an empty list says instead of an empty box; the title is a heading of the given level. */
export function EmptyState({ title, hint, level = 3, children }: { title: string; hint?: string; level?: 2 | 3; children?: ReactNode }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="flex flex-col items-start gap-2 rounded-xl border border-dashed border-border p-6">
      <Heading className="text-base font-semibold">{title}</Heading>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {children}
    </div>
  );
}
