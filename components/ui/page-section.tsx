import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

type Props = {
  id: string;
  title: string;
  hint?: string;
  /** More under the heading, e.g. how fresh the figures are. */
  note?: ReactNode;
  /** An h2 for a part of the page, an h3 for a card within one. */
  level?: 2 | 3;
  /** Named for screen readers only (a list whose filters and table say what it is). */
  hideTitle?: boolean;
  className?: string;
  children: ReactNode;
};

/** A titled part of a page, labelled by its heading for landmark navigation. */
export function PageSection({ id, title, hint, note, level = 2, hideTitle = false, className, children }: Props) {
  const Heading = level === 2 ? "h2" : "h3";
  if (hideTitle) {
    return (
      <section aria-labelledby={id} className={cn("flex flex-col gap-4", className)}>
        <Heading id={id} className="sr-only">
          {title}
        </Heading>
        {children}
      </section>
    );
  }
  return (
    <section aria-labelledby={id} className={cn("flex flex-col gap-4", className)}>
      <div className="flex flex-col gap-1">
        <Heading id={id} className={level === 2 ? "text-xl font-semibold tracking-tight" : "text-base font-semibold"}>
          {title}
        </Heading>
        {hint ? <p className="max-w-prose text-sm text-muted-foreground">{hint}</p> : null}
        {note}
      </div>
      {children}
    </section>
  );
}
