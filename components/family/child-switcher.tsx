import Link from "next/link";
import type { ChildSummary } from "@/lib/features/family/queries";
import type { Translate } from "@/lib/i18n/core";
import { cn } from "@/lib/utils";

/** The parent's children as links (the current one marked); each child's page is under its lineage id. */
export function ChildSwitcher({ items, current, t }: { items: ChildSummary[]; current?: string; t: Translate }) {
  return (
    <nav aria-label={t("family.childrenNav")}>
      <ul className="flex flex-wrap gap-2">
        {items.map((child) => (
          <li key={child.lineageId}>
            <Link
              href={`/family/children/${child.lineageId}`}
              aria-current={child.lineageId === current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center rounded-full border px-5 text-base font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
                child.lineageId === current
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-card hover:bg-muted",
              )}
            >
              <bdi dir="auto">{child.name}</bdi>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
