// v1 call budget: V1_CALL_BUDGETS["/today"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { randomUUID } from "node:crypto";
import Link from "next/link";
import { ClientStrings } from "@/components/i18n/client-strings";
import { PendingWorkNotice } from "@/components/live/pending-work-notice";
import { NeedsAttention } from "@/components/progress/needs-attention";
import { OpenSessions, StartSection, TodaySessions } from "@/components/today/today-sections";
import { TimetableToday } from "@/components/today/timetable-today";
import { buttonVariants } from "@/components/ui/button";
import { requireActor } from "@/lib/auth/session";
import { loadTodayBase } from "@/lib/features/sessions/today";
import { getI18n } from "@/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("home.title");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TodayPage({ searchParams }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const [i18n, loaded, params] = await Promise.all([getI18n(), loadPage(() => loadTodayBase(actor)), searchParams]);
  if (!loaded.ok)
    return (
      <RefusalPage
        title={i18n.t("home.title")}
        failure={loaded.failure}
        t={i18n.t}
        role={actor.role}
        retryHref="/today"
      />
    );
  const { school, subject, today } = loaded.value;
  const { t, date } = i18n;
  const halqa = typeof params.halqa === "string" ? params.halqa : undefined;

  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold tracking-tight">{t("home.title")}</h1>
          <p className="text-muted-foreground">{t("home.schoolDay", { date: date(today, { hijri: true }) })}</p>
        </div>
        {/* Not prefetched: the paged list of sessions is the dearest page to render, and every load of Today by
            every teacher would render it for a tap that seldom comes (issue 31, docs/scale.md "Prefetch on intent"). */}
        <Link href="/sessions" prefetch={false} className={buttonVariants({ variant: "outline" })}>
          {t("home.allSessionsLink")}
        </Link>
      </header>
      <ClientStrings parts={["live.stalePending", "live.stalePendingLink"]}>
        <PendingWorkNotice tenantId={school.id} />
      </ClientStrings>
      {/* A teacher's timetabled halqas first (where each register stands, and Start within reach on a phone), then
          the class: today's sessions with "Mark attendance" above the fold, then what needs attention. */}
      {actor.role === "teacher" ? <TimetableToday actor={actor} i18n={i18n} /> : null}
      <TodaySessions actor={actor} subject={subject} today={today} i18n={i18n} />
      <NeedsAttention
        title={actor.role === "teacher" ? t("glance.attention.todayMine") : t("glance.attention.todayTitle")}
      />
      <OpenSessions actor={actor} subject={subject} i18n={i18n} />
      <StartSection actor={actor} i18n={i18n} halqa={halqa} idempotencyKey={randomUUID()} />
    </div>
  );
}
