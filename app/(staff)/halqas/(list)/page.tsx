// v1 call budget: V1_CALL_BUDGETS["/halqas"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { EmptyState } from "@/components/ui/empty-state";
import { HalqaFilters } from "@/components/halqas/halqa-filters";
import { HalqaTable } from "@/components/halqas/halqa-table";
import { SemesterSwitch } from "@/components/semesters/semester-switch";
import { requireActor } from "@/lib/auth/session";
import { listFormatter } from "@/lib/features/halqas/format";
import { loadHalqaList } from "@/lib/features/halqas/queries";
import { firstParam, hrefWith, oneOf, type SearchParams } from "@/lib/web/search-params";
import { pageNumber } from "@/lib/features/paging";
import { NumberPager } from "@/components/pickers/pager";
import { getI18n } from "@/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";
import { PageSection } from "@/components/ui/page-section";

export const generateMetadata = pageTitle("halqas.title");

export default async function HalqasPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireActor(["admin", "teacher"]);
  const params = await searchParams;
  const filters = {
    semester: firstParam(params, "semester"),
    active: oneOf(firstParam(params, "active"), ["true", "false"] as const),
    q: firstParam(params, "q"),
    page: pageNumber(firstParam(params, "page")),
  };
  const [{ t, locale, number }, loaded] = await Promise.all([getI18n(), loadPage(() => loadHalqaList(actor, filters))]);
  if (!loaded.ok)
    return (
      <RefusalPage title={t("halqas.title")} failure={loaded.failure} t={t} role={actor.role} retryHref="/halqas" />
    );
  const list = loaded.value;
  const semesterId = list.selected?.id;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("halqas.title")}</h1>
        <p className="text-muted-foreground">{list.teacher ? t("halqas.teacherScope") : t("halqas.intro")}</p>
      </header>

      <SemesterSwitch
        connectionId={actor.connectionId}
        requested={filters.semester}
        action="/halqas"
        keep={{ active: filters.active, q: filters.q }}
      />

      {list.selected && semesterId ? (
        <PageSection
          id="halqa-list-heading"
          title={t("halqas.list.caption", { semester: list.selected.name })}
          hideTitle
        >
          <HalqaFilters t={t} semester={semesterId} active={filters.active} q={filters.q} />
          <p className="text-sm text-muted-foreground">{t("halqas.list.count", { count: list.total })}</p>
          {list.pages > 1 ? (
            <NumberPager
              t={t}
              page={list.page}
              pages={list.pages}
              total={list.total}
              href={(page) =>
                hrefWith("/halqas", { semester: semesterId, active: filters.active, q: filters.q, page: String(page) })
              }
            />
          ) : null}
          {list.rows.length ? (
            <HalqaTable
              rows={list.rows}
              caption={t("halqas.list.caption", { semester: list.selected.name })}
              t={t}
              number={number}
              list={listFormatter(locale)}
            />
          ) : (
            <EmptyState
              title={t("halqas.list.empty")}
              hint={
                list.teacher && !filters.q && !filters.active
                  ? t("halqas.list.emptyTeacher")
                  : t("halqas.list.emptyHint")
              }
            />
          )}
        </PageSection>
      ) : null}
    </div>
  );
}
