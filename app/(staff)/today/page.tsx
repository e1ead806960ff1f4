// v1 calls: ≤ 9 warm (sessions of today, open sessions, halqas of the active semester, eligible
// sheikhs, + attendance of each of today's sessions when there are at most 5, + one GET /sheikhs/{id}
// per linked sheikh for a teacher; +1 per further 100 sessions, halqas or sheikhs); + GET /school and
// GET /semesters when cold (cached per tenant). The HTML is bounded: 8 cards a group, a halqa picker
// instead of the whole start form above 40 halqas (components/today/today-sections.tsx).
import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import Link from "next/link";
import { ClientStrings } from "@/components/i18n/client-strings";
import { PendingWorkNotice } from "@/components/live/pending-work-notice";
import { NeedsAttention } from "@/components/progress/needs-attention";
import { OpenSessions, StartSection, TodaySessions } from "@/components/today/today-sections";
import { buttonVariants } from "@/components/ui/button";
import { requireActor } from "@/lib/auth/session";
import { loadToday } from "@/lib/features/sessions/queries";
import { getI18n } from "@/lib/i18n/server";
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
  const { t, date } = i18n;
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
      <ClientStrings parts={["live.stalePending", "live.stalePendingLink"]}>
        <PendingWorkNotice tenantId={data.school.id} />
      </ClientStrings>
      <NeedsAttention />

      <TodaySessions data={data} i18n={i18n} />
      <OpenSessions data={data} i18n={i18n} />
      <StartSection data={data} i18n={i18n} halqa={halqa} blocked={blocked} idempotencyKey={randomUUID()} />
    </div>
  );
}
