import type { ReactNode } from "react";

/**
 * What an empty list says instead of an empty table or box. The title is a heading of the given
 * level where the empty list is a part of the page's outline, plain text otherwise.
 */
export function EmptyState({
  title,
  hint,
  level,
  children,
}: {
  title: string;
  hint?: string;
  level?: 2 | 3;
  children?: ReactNode;
}) {
  const Title = level === 2 ? "h2" : level === 3 ? "h3" : "p";
  return (
    <div
      data-slot="empty-state"
      className="flex flex-col items-start gap-2 rounded-xl border border-dashed border-border px-6 py-8"
    >
      <Title className="text-base font-semibold">{title}</Title>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {children}
    </div>
  );
}
