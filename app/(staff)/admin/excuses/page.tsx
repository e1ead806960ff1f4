import type { Metadata } from "next";
import { AdminExcusesTable } from "@/components/excuses/admin-excuses";
import { clientFor } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { addDays, dateIn } from "@/lib/dates";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { withRecords } from "@/lib/features/excuses/admin-rows";
import { adminExcuses } from "@/lib/features/excuses/store";
import { halqasFor, semestersFor } from "@/lib/features/reference";
import { getI18n } from "@/i18n/server";

// v1 call budget: none beyond GET /school, the semesters and the halqas (cached): the requests are the
// dashboard's own store, the children and their registers the progress read model.
export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("excuses.admin.title") };
}

/** Requests from a week ago on stay listed. */
const DAYS_BACK = 7;

/** The school's excuse requests (issue 24, point 6). Opening this page counts as the school having seen them. */
export default async function ExcusesPage() {
  const actor = await requireAdminPage("manageNotices");
  const i18n = await getI18n();
  const school = await clientFor(actor.connectionId).tenant();
  const since = addDays(dateIn(school.time_zone), -DAYS_BACK);
  const db = await dashboardDb();
  const scope = { connectionId: actor.connectionId, tenantId: school.id };
  const [requests, semesters, halqas] = await Promise.all([
    adminExcuses(db, scope, since, actor.id),
    semestersFor(actor.connectionId),
    halqasFor(actor.connectionId),
  ]);
  const rows = await withRecords(db, scope, requests, {
    semesters,
    halqaNames: new Map(halqas.map((halqa) => [halqa.id, halqa.name])),
  });
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{i18n.t("excuses.admin.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{i18n.t("excuses.admin.intro")}</p>
      </header>
      <AdminExcusesTable rows={rows} i18n={i18n} />
    </div>
  );
}
