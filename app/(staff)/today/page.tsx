// v1 calls: ≤ 9 warm (sessions of today, open sessions, halqas of the active semester, eligible
// sheikhs, + attendance of each of today's sessions when there are at most 5, + one GET /sheikhs/{id}
// per linked sheikh for a teacher); + GET /school and GET /semesters when cold (cached per tenant).
import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import Link from "next/link";
import { PendingWorkNotice } from "@/components/live/pending-work-notice";
import { NeedsAttention } from "@/components/progress/needs-attention";
import { EmptyState } from "@/components/sessions/empty-state";
import { SessionCards } from "@/components/sessions/session-cards";
import { StartSessionForm } from "@/components/sessions/start-session-form";
import { buttonVariants } from "@/components/ui/button";
import { requireActor } from "@/lib/auth/session";
import { loadToday } from "@/lib/features/sessions/queries";
import { getI18n } from "@/lib/i18n/server";
import { startLabels } from "@/components/sessions/labels";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import { writeBlockOf } from "@/lib/features/write-access";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("home.title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TodayPage({ searchParams }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const [i18n, loaded, params] = await Promise.all([getI18n(), loadPage(() => loadToday(actor)), searchParams]);
  if (!loaded.ok) return <RefusalPage title={i18n.t("home.title")} failure={loaded.failure} t={i18n.t} role={actor.role} retryHref="/today" />;
  const data = loaded.value;
  const { t, date, locale } = i18n;
  const halqa = typeof params.halqa === "string" ? params.halqa : undefined;
  const blocked = await writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true }));

  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold tracking-tight">{t("home.title")}</h1>
          <p className="text-muted-foreground">{t("home.schoolDay", { date: date(data.today, { hijri: true }) })}</p>
        </div>
        <Link href="/sessions" className={buttonVariants({ variant: "outline" })}>
          {t("home.allSessionsLink")}
        </Link>
      </header>
      <PendingWorkNotice tenantId={data.school.id} locale={locale} timeZone={i18n.timeZone} strings={{ message: t("live.stalePending"), link: t("live.stalePendingLink") }} />
      <NeedsAttention />

      <section aria-labelledby="today-mine" className="flex flex-col gap-4">
        <h2 id="today-mine" className="text-xl font-semibold">
          {data.subject.role === "admin" ? t("home.allSessions") : t("home.mySessions")}
        </h2>
        {data.mine.length ? (
          <SessionCards sessions={data.mine} i18n={i18n} subject={data.subject} counts={data.counts} />
        ) : (
          <EmptyState title={t("home.noSessionsToday")} hint={t("home.noSessionsTodayHint")} />
        )}
      </section>

      <section aria-labelledby="today-open" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="today-open" className="text-xl font-semibold">
            {t("home.openSessions")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("home.openSessionsHint")}</p>
        </div>
        {data.open.length ? (
          <SessionCards sessions={data.open} i18n={i18n} subject={data.subject} withDate />
        ) : (
          <EmptyState title={t("home.noOpenSessions")} hint={t("home.noOpenSessionsHint")} />
        )}
      </section>

      <section aria-labelledby="today-start" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="today-start" className="text-xl font-semibold">
            {t("home.startTitle")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("home.startHint")}</p>
        </div>
        {data.groups.length ? (
          <ReadOnlyWhen reason={blocked}>
            <StartSessionForm groups={data.groups} labels={startLabels(t)} idempotencyKey={randomUUID()} initialHalqaId={halqa} />
          </ReadOnlyWhen>
        ) : (
          <EmptyState title={t("sessions.start.none")} />
        )}
      </section>
    </div>
  );
}
