import Link from "next/link";
import { PLAN_STATUSES } from "@/lib/contract";
import { hrefWith } from "@/lib/web/search-params";
import type { Translate } from "@/lib/i18n/core";
import { cn } from "@/lib/utils";
import { planStatusLabel } from "./labels";

type Props = {
  t: Translate;
  counts: { total: number; byStatus: Record<string, number> };
  selected?: string;
  /** URL state kept by every link (semester, student, search). */
  keep: Record<string, string | undefined>;
};

/** Counts per plan state, each a link that filters the list by that state (and "All"). */
export function StatusCounts({ t, counts, selected, keep }: Props) {
  // The contract's states always show (even at 0), then any other state the store holds.
  const others = Object.keys(counts.byStatus).filter(
    (status) => !(PLAN_STATUSES as readonly string[]).includes(status),
  );
  const items = [
    { status: undefined, label: t("plans.counts.all"), count: counts.total },
    ...[...PLAN_STATUSES, ...others].map((status) => ({
      status,
      label: planStatusLabel(t, status),
      count: counts.byStatus[status] ?? 0,
    })),
  ];
  return (
    <nav aria-label={t("plans.counts.label")}>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => {
          const current = item.status === selected;
          return (
            <li key={item.status ?? "all"}>
              <Link
                href={hrefWith("/plans", { ...keep, status: item.status })}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
                  current
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border bg-card hover:bg-muted",
                )}
              >
                {t("plans.counts.chip", { label: item.label, count: item.count })}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
