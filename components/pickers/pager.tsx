import Link from "next/link";
import { linkClass } from "@/components/ui/text-link";
import type { Translate } from "@/lib/i18n/core";

/** Pages of a list held whole (bounded: one halqa's students, the school's halqas): numbered, with the total. */
export function NumberPager({
  t,
  page,
  pages,
  total,
  href,
}: {
  t: Translate;
  page: number;
  pages: number;
  total: number;
  href: (page: number) => string;
}) {
  return (
    <nav aria-label={t("paging.nav")} className="flex flex-wrap items-center gap-4 text-sm">
      <span className="text-muted-foreground">{t("paging.total", { count: total })}</span>
      {pages > 1 ? <span className="text-muted-foreground">{t("paging.pageOf", { page, pages })}</span> : null}
      {page > 1 ? (
        <Link href={href(page - 1)} className={linkClass} rel="prev">
          {t("paging.previous")}
        </Link>
      ) : null}
      {page < pages ? (
        <Link href={href(page + 1)} className={linkClass} rel="next">
          {t("paging.next")}
        </Link>
      ) : null}
    </nav>
  );
}

type CursorProps = {
  t: Translate;
  shown: number;
  next: string | null;
  first: boolean;
  searching: boolean;
  scanned: number;
  stoppedEarly: boolean;
  href: (after: string | undefined) => string;
};

/**
 * Pages of a list read on the API's cursors (keyset): forward from here, or back to the first page.
 * No total: the school's API gives none. A search that stopped at its read budget says how far it got.
 */
export function CursorPager({ t, shown, next, first, searching, scanned, stoppedEarly, href }: CursorProps) {
  return (
    <nav aria-label={t("paging.nav")} className="flex flex-wrap items-center gap-4 text-sm">
      <span className="text-muted-foreground">{t("paging.shown", { count: shown })}</span>
      {searching && stoppedEarly ? (
        <span className="text-muted-foreground">{t("paging.searchedSoFar", { count: scanned })}</span>
      ) : null}
      {!first ? (
        <Link href={href(undefined)} className={linkClass}>
          {t("paging.first")}
        </Link>
      ) : null}
      {next ? (
        <Link href={href(next)} className={linkClass} rel="next">
          {searching && stoppedEarly ? t("paging.searchFurther") : t("paging.next")}
        </Link>
      ) : null}
    </nav>
  );
}
