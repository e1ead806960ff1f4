import type { ReactNode } from "react";

/** What an empty list says instead of an empty table. */
export function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div data-slot="empty-state" className="flex flex-col items-start gap-2 rounded-xl border border-dashed border-border px-6 py-8">
      <p className="text-base font-medium">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {children}
    </div>
  );
}
