// v1 call budget: V1_CALL_BUDGETS["/admin/timetable"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { ClientStrings } from "@/components/i18n/client-strings";
import { NumberPager } from "@/components/pickers/pager";
import { SemesterSwitch } from "@/components/semesters/semester-switch";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { TimetableList } from "@/components/timetable/timetable-list";
import { EmptyState } from "@/components/ui/empty-state";
import { PageSection } from "@/components/ui/page-section";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { pageNumber } from "@/lib/features/paging";
import { loadTimetablePage } from "@/lib/features/timetable/page-data";
import { loadPage } from "@/lib/failures/page";
import { firstParam, hrefWith, type SearchParams } from "@/lib/web/search-params";
import { getI18n } from "@/i18n/server";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("overview.timetable.title");

export default async function TimetablePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireAdminPage("manageTimetable");
  const params = await searchParams;
  const query = { semester: firstParam(params, "semester"), page: pageNumber(firstParam(params, "page")) };
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadTimetablePage(actor, query))]);
  const { t } = i18n;
  if (!loaded.ok)
    return (
      <RefusalPage
        title={t("overview.timetable.title")}
        failure={loaded.failure}
        t={t}
        role={actor.role}
        retryHref="/admin/timetable"
      />
    );
  const data = loaded.value;
  const semesterId = data.selected?.id;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("overview.timetable.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("overview.timetable.intro")}</p>
      </header>
      <SemesterSwitch connectionId={actor.connectionId} requested={query.semester} action="/admin/timetable" />
      {data.selected && semesterId ? (
        <PageSection id="timetable-heading" title={t("overview.timetable.listTitle", { semester: data.selected.name })}>
          <p className="text-sm text-muted-foreground">
            {t("overview.timetable.count", { timetabled: data.timetabled, total: data.total })}
          </p>
          {data.readOnly ? <p className="text-sm text-muted-foreground">{t("overview.timetable.archived")}</p> : null}
          {data.pages > 1 ? (
            <NumberPager
              t={t}
              page={data.page}
              pages={data.pages}
              total={data.total}
              href={(page) => hrefWith("/admin/timetable", { semester: semesterId, page: String(page) })}
            />
          ) : null}
          {data.rows.length ? (
            <ClientStrings parts={["overview.timetable.invalid"]}>
              <TimetableList rows={data.rows} i18n={i18n} readOnly={data.readOnly} />
            </ClientStrings>
          ) : (
            <EmptyState title={t("overview.timetable.empty")} />
          )}
        </PageSection>
      ) : null}
    </div>
  );
}
