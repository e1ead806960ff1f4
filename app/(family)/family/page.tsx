// v1 call budget: V1_CALL_BUDGETS["/family"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import Link from "next/link";
import { ChildGlance } from "@/components/family/child-glance";
import { linkClass } from "@/components/ui/text-link";
import { loadStoredChild } from "@/lib/features/family/stored-child";
import { FamilyChoices } from "@/components/notices/family-choices";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { requireActor } from "@/lib/auth/session";
import { dashboardDb } from "@/lib/db";
import { loadChildren } from "@/lib/features/family/queries";
import { noticeSwitches } from "@/lib/features/notices/admin-view";
import { loadChoices } from "@/lib/features/notices/preferences";
import { getI18n } from "@/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("nav.family.title");

/** The parents' home: their children, each a link to the child's page with today's class and this week's work. */
export default async function FamilyHome() {
  const actor = await requireActor(["parent"]);
  const db = await dashboardDb();
  const [i18n, loaded, choices, school] = await Promise.all([
    getI18n(),
    loadPage(() => loadChildren(actor)),
    loadChoices(db, actor.id),
    noticeSwitches(db, actor.connectionId),
  ]);
  const { t } = i18n;
  if (!loaded.ok)
    return (
      <RefusalPage title={t("nav.family.title")} failure={loaded.failure} t={t} role={actor.role} retryHref="/family" />
    );
  // Each child's day and week from the dashboard's read models (the same parent-safe view as the child's
  // page, as fresh as the last sync and every register taken here): no call to the school per child.
  const children = await Promise.all(
    loaded.value.map(async (summary) => ({
      summary,
      // The home names no halqa: no lookup of one.
      view: await loadStoredChild(actor, summary.lineageId, i18n.locale, { halqaName: async () => null }),
    })),
  );
  // The parent's name isolated in the greeting, so an Arabic name on an English page (or the reverse) keeps the line's order.
  const [greetingBefore = "", greetingAfter = ""] = t("nav.family.greeting").split("{name}");
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">
        {greetingBefore}
        <bdi>{actor.name}</bdi>
        {greetingAfter}
      </h1>
      <section aria-labelledby="children-title">
        <Card>
          <CardHeader>
            <CardTitle as="h2" id="children-title">
              {t("nav.family.childrenTitle")}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {children.length ? (
              <nav aria-label={t("family.childrenNav")}>
                <ul className="flex flex-col gap-4">
                  {children.map(({ summary, view }) => (
                    <li key={summary.lineageId} className="flex flex-col gap-2">
                      <Link href={`/family/children/${summary.lineageId}`} className={`${linkClass} w-fit text-lg`}>
                        <bdi dir="auto">{summary.name}</bdi>
                      </Link>
                      {view ? <ChildGlance child={view} i18n={i18n} /> : null}
                    </li>
                  ))}
                </ul>
              </nav>
            ) : (
              <p className="text-muted-foreground">{t("nav.family.childrenEmpty")}</p>
            )}
          </CardContent>
        </Card>
      </section>
      <FamilyChoices email={actor.email} choices={choices} school={school} i18n={i18n} />
    </>
  );
}
