import type { Metadata } from "next";
import { AdminExcusesTable } from "@/components/excuses/admin-excuses";
import { clientFor } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { addDays, dateIn } from "@/lib/dates";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { adminExcuses } from "@/lib/features/excuses/store";
import { getI18n } from "@/i18n/server";

// v1 call budget: none beyond GET /school (memoized): the requests are the dashboard's own store.
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
  const rows = await adminExcuses(
    await dashboardDb(),
    { connectionId: actor.connectionId, tenantId: school.id },
    since,
    actor.id,
  );
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
