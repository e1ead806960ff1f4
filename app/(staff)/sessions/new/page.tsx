// v1 call budget: V1_CALL_BUDGETS["/sessions/new"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { randomUUID } from "node:crypto";
import { StartAtScale } from "@/components/today/today-sections";
import { requireActor } from "@/lib/auth/session";
import { loadStartGroups } from "@/lib/features/sessions/queries";
import { getI18n } from "@/i18n/server";
import { writeBlockOf } from "@/lib/features/write-access";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("sessions.newTitle");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function NewSessionPage({ searchParams }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const [i18n, loaded, params] = await Promise.all([getI18n(), loadPage(() => loadStartGroups(actor)), searchParams]);
  const { t, date } = i18n;
  if (!loaded.ok)
    return (
      <RefusalPage
        title={t("sessions.newTitle")}
        failure={loaded.failure}
        t={t}
        role={actor.role}
        retryHref="/sessions/new"
      />
    );
  const { groups } = loaded.value;
  const blocked = await writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true }));
  const halqa = typeof params.halqa === "string" ? params.halqa : undefined;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("sessions.newTitle")}</h1>
        <p className="text-muted-foreground">{t("home.startHint")}</p>
      </div>
      <StartAtScale
        groups={groups}
        i18n={i18n}
        halqa={halqa}
        blocked={blocked}
        idempotencyKey={randomUUID()}
        action="/sessions/new"
      />
    </div>
  );
}
