// v1 call budget: V1_CALL_BUDGETS["/sessions"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { SessionFilters } from "@/components/sessions/session-filters";
import { SessionsTable } from "@/components/sessions/sessions-table";
import { SemesterSwitch } from "@/components/semesters/semester-switch";
import { buttonVariants } from "@/components/ui/button";
import { requireActor } from "@/lib/auth/session";
import { loadSessionList } from "@/lib/features/sessions/queries";
import { NumberPager } from "@/components/pickers/pager";
import { getI18n } from "@/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("sessions.title");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SessionsPage({ searchParams }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const params = await searchParams;
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadSessionList(actor, params))]);
  if (!loaded.ok)
    return (
      <RefusalPage
        title={i18n.t("sessions.title")}
        failure={loaded.failure}
        t={i18n.t}
        role={actor.role}
        retryHref="/sessions"
      />
    );
  const data = loaded.value;
  const { t, date } = i18n;
  const from = date(data.filters.from);
  const to = date(data.filters.to);

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight">{t("sessions.title")}</h1>
        <Link href="/sessions/new" className={buttonVariants()}>
          {t("sessions.startLink")}
        </Link>
      </header>

      <SemesterSwitch
        connectionId={actor.connectionId}
        requested={data.semester?.id}
        action="/sessions"
        keep={{ status: data.filters.status ?? undefined }}
      />
      <SessionFilters
        filters={data.filters}
        halqas={data.halqaOptions}
        halqaName={data.halqaName}
        semesterId={data.semester?.id ?? null}
        i18n={i18n}
      />

      <section aria-labelledby="sessions-results" className="flex flex-col gap-4">
        <h2 id="sessions-results" className="text-xl font-semibold">
          {t("sessions.list.count", { count: data.page.total })}
        </h2>
        {data.sessions.length ? (
          <>
            <SessionsTable sessions={data.sessions} i18n={i18n} caption={t("sessions.list.caption", { from, to })} />
            {data.page.pages > 1 ? <NumberPager t={t} {...data.page} href={(page) => pageHref(params, page)} /> : null}
          </>
        ) : (
          <EmptyState title={t("sessions.list.empty")} hint={t("sessions.list.emptyHint")} level={3} />
        )}
      </section>
    </div>
  );
}

/** The same filters, another page. */
function pageHref(params: Record<string, string | string[] | undefined>, page: number): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (typeof value === "string" && name !== "page") search.set(name, value);
  search.set("page", String(page));
  return `/sessions?${search}`;
}
