import Link from "next/link";
import { linkClass } from "@/components/ui/text-link";
import { STATE_KINDS, TODAY_SHOWN, type TodayView } from "@/lib/features/overview/today-view";
import type { I18n } from "@/lib/i18n/core";

/**
 * Above Today's rows: how many registers stand in each state, and, when the list is cut to its
 * most urgent rows, how many missing registers are left out and the one link that lists them all.
 */
export function TodaySummary({
  view,
  all,
  href,
  i18n,
}: {
  view: TodayView<unknown>;
  all: boolean;
  href: { all: string; fewer: string };
  i18n: I18n;
}) {
  const { t } = i18n;
  const total = view.rows.length + view.hidden;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {STATE_KINDS.filter((kind) => view.counts[kind] > 0).map((kind) => (
          <li key={kind} className={kind === "missing" ? "font-semibold text-destructive" : undefined}>
            {t("overview.home.today.stateCount", {
              state: t(`overview.home.today.states.${kind}`),
              tally: i18n.number(view.counts[kind]),
            })}
          </li>
        ))}
      </ul>
      {view.hidden > 0 ? (
        <p className="flex flex-wrap gap-x-4">
          {view.hiddenMissing > 0 ? (
            <span className="font-semibold text-destructive">
              {t("overview.home.today.hiddenMissing", { count: view.hiddenMissing })}
            </span>
          ) : null}
          <Link href={href.all} prefetch={false} className={linkClass}>
            {t("overview.home.today.showAll", { count: total })}
          </Link>
        </p>
      ) : all && total > TODAY_SHOWN ? (
        <p>
          <Link href={href.fewer} prefetch={false} className={linkClass}>
            {t("overview.home.today.showFewer", { shown: i18n.number(TODAY_SHOWN) })}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
