// v1 call budget: V1_CALL_BUDGETS["/admin/connection"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import type { Metadata } from "next";
import { ConnectionView } from "@/components/admin/connection-view";
import { loadConnectionHealth } from "@/lib/features/admin/connection-health";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { getI18n } from "@/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("admin.connection.title") };
}

export default async function ConnectionPage() {
  const actor = await requireAdminPage("viewConnectionHealth");
  const [i18n, health] = await Promise.all([getI18n(), loadConnectionHealth(actor.connectionId)]);
  const { t, date } = i18n;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("admin.connection.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("admin.connection.intro")}</p>
      </header>
      <ConnectionView health={health} t={t} when={(at) => date(at, { time: true })} />
    </div>
  );
}
