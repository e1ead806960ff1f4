// v1 call budget: V1_CALL_BUDGETS["/admin"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import Link from "next/link";
import { AttentionGroups } from "@/components/overview/attention-groups";
import { FiguresTable } from "@/components/overview/figures-table";
import { PlanHeardTable } from "@/components/overview/plan-heard-table";
import { TeachersTable } from "@/components/overview/teachers-table";
import { TodayRegisters } from "@/components/overview/today-registers";
import { TodaySummary } from "@/components/overview/today-summary";
import { NumberPager } from "@/components/pickers/pager";
import { Freshness } from "@/components/progress/freshness";
import { PagePart } from "@/components/shell/page-part";
import { EmptyState } from "@/components/ui/empty-state";
import { PageSection } from "@/components/ui/page-section";
import { Skeleton } from "@/components/ui/skeleton";
import { linkClass } from "@/components/ui/text-link";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { SORT_KEYS, type FigureSort } from "@/lib/features/overview/figure-rows";
import {
  loadOverviewAttention,
  loadOverviewFigures,
  loadOverviewPlanHeard,
  loadOverviewTeachers,
  loadOverviewToday,
} from "@/lib/features/overview/load";
import { todayView } from "@/lib/features/overview/today-view";
import { pageNumber, pageOfList } from "@/lib/features/paging";
import { firstParam, hrefWith, oneOf, type SearchParams } from "@/lib/web/search-params";
import { getI18n } from "@/i18n/server";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("overview.home.title");

const ROWS_PER_PAGE = 25;
/** Halqa groups of "Needs attention" a page (the halqas with the most students first), docs/scale.md. */
const ATTENTION_GROUPS_PER_PAGE = 10;

/** Each part streams on its own behind a placeholder of about its height, so nothing below jumps when it arrives. */
function Reserved({ id, title, height }: { id: string; title: string; height: string }) {
  return (
    <PageSection id={id} title={title}>
      <Skeleton className={height} />
    </PageSection>
  );
}

export default async function AdminOverview({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireAdminPage("viewOverview");
  const [i18n, params] = await Promise.all([getI18n(), searchParams]);
  const { t } = i18n;
  const sort: FigureSort = {
    key: oneOf(firstParam(params, "sort"), SORT_KEYS) ?? "attendanceWeek",
    dir: oneOf(firstParam(params, "dir"), ["asc", "desc"] as const) ?? "asc",
  };
  const figuresPage = pageNumber(firstParam(params, "fpage"));
  const teachersPage = pageNumber(firstParam(params, "tpage"));
  const attentionPage = pageNumber(firstParam(params, "apage"));
  const planPage = pageNumber(firstParam(params, "ppage"));
  const allToday = firstParam(params, "today") === "all";
  const state = {
    sort: sort.key,
    dir: sort.dir,
    fpage: String(figuresPage),
    tpage: String(teachersPage),
    apage: String(attentionPage),
    ppage: String(planPage),
    today: allToday ? "all" : undefined,
  };
  /** A part's pager when it has more pages: its links keep every other part's state and come back to the part. */
  const pager = (page: { page: number; pages: number; total: number }, param: keyof typeof state, part: string) =>
    page.pages > 1 ? (
      <NumberPager
        t={t}
        page={page.page}
        pages={page.pages}
        total={page.total}
        href={(n) => `${hrefWith("/admin", { ...state, [param]: String(n) })}#${part}`}
      />
    ) : null;

  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("overview.home.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("overview.home.intro")}</p>
      </header>

      <PagePart
        load={() => loadOverviewToday(actor)}
        retryHref="/admin"
        fallback={<Reserved id="overview-today" title={t("overview.home.today.title")} height="h-64" />}
        render={(today) => {
          const view = todayView(today.rows, allToday);
          return (
            <PageSection
              id="overview-today"
              title={t("overview.home.today.title")}
              note={<Freshness freshness={today.freshness} i18n={i18n} />}
            >
              {today.rows.length ? (
                <>
                  <TodaySummary
                    view={view}
                    all={allToday}
                    href={{
                      all: `${hrefWith("/admin", { ...state, today: "all" })}#overview-today`,
                      fewer: `${hrefWith("/admin", { ...state, today: undefined })}#overview-today`,
                    }}
                    i18n={i18n}
                  />
                  <TodayRegisters rows={view.rows} i18n={i18n} />
                </>
              ) : (
                <EmptyState title={t("overview.home.today.empty")} hint={t("overview.home.today.emptyHint")} />
              )}
              {today.untimed > 0 ? (
                <p className="text-sm">
                  <Link href="/admin/timetable" className={linkClass}>
                    {t("overview.home.today.untimed", { count: today.untimed })}
                  </Link>
                </p>
              ) : null}
            </PageSection>
          );
        }}
      />

      <PagePart
        load={() => loadOverviewFigures(actor, sort)}
        retryHref="/admin"
        fallback={<Reserved id="overview-figures" title={t("overview.home.figures.title")} height="h-96" />}
        render={(figures) => {
          const page = pageOfList(figures.rows, figuresPage, ROWS_PER_PAGE);
          return (
            <PageSection
              id="overview-figures"
              title={t("overview.home.figures.title")}
              hint={t("overview.home.figures.hint", { days: figures.heardDays })}
              note={<Freshness freshness={figures.freshness} i18n={i18n} />}
            >
              {pager(page, "fpage", "overview-figures")}
              {page.items.length ? (
                <FiguresTable
                  rows={page.items}
                  sort={sort}
                  i18n={i18n}
                  caption={t("overview.home.figures.title")}
                  href={(next) =>
                    `${hrefWith("/admin", { ...state, sort: next.key, dir: next.dir, fpage: "1" })}#overview-figures`
                  }
                />
              ) : (
                <EmptyState title={t("overview.home.figures.empty")} />
              )}
            </PageSection>
          );
        }}
      />

      <PagePart
        load={() => loadOverviewPlanHeard(actor)}
        retryHref="/admin"
        fallback={<Reserved id="overview-plan-heard" title={t("overview.home.planHeard.title")} height="h-48" />}
        render={(plan) => {
          const page = pageOfList(plan.rows, planPage, ROWS_PER_PAGE);
          return (
            <PageSection
              id="overview-plan-heard"
              title={t("overview.home.planHeard.title")}
              hint={t("overview.home.planHeard.hint")}
            >
              {pager(page, "ppage", "overview-plan-heard")}
              {page.items.length ? (
                <PlanHeardTable rows={page.items} i18n={i18n} caption={t("overview.home.planHeard.title")} />
              ) : (
                <EmptyState title={t("overview.home.planHeard.empty")} />
              )}
            </PageSection>
          );
        }}
      />

      <PagePart
        load={() => loadOverviewAttention(actor)}
        retryHref="/admin"
        fallback={<Reserved id="overview-attention" title={t("overview.home.attention.title")} height="h-64" />}
        render={(attention) => {
          const page = pageOfList(attention.groups, attentionPage, ATTENTION_GROUPS_PER_PAGE);
          return (
            <PageSection
              id="overview-attention"
              title={t("overview.home.attention.title")}
              hint={page.pages > 1 ? t("overview.home.attention.halqas", { count: page.total }) : undefined}
              note={<Freshness freshness={attention.freshness} i18n={i18n} />}
            >
              {pager(page, "apage", "overview-attention")}
              {page.items.length ? (
                <AttentionGroups groups={page.items} i18n={i18n} />
              ) : (
                <p className="text-sm">{t("glance.attention.none")}</p>
              )}
            </PageSection>
          );
        }}
      />

      <PagePart
        load={() => loadOverviewTeachers(actor)}
        retryHref="/admin"
        fallback={<Reserved id="overview-teachers" title={t("overview.home.teachers.title")} height="h-64" />}
        render={(teachers) => {
          const page = pageOfList(teachers.rows, teachersPage, ROWS_PER_PAGE);
          return (
            <PageSection
              id="overview-teachers"
              title={t("overview.home.teachers.title")}
              hint={t("overview.home.teachers.hint", { monday: i18n.date(teachers.monday) })}
            >
              {pager(page, "tpage", "overview-teachers")}
              {page.items.length ? (
                <TeachersTable rows={page.items} i18n={i18n} caption={t("overview.home.teachers.title")} />
              ) : (
                <EmptyState title={t("overview.home.teachers.empty")} />
              )}
            </PageSection>
          );
        }}
      />
    </div>
  );
}
