// v1 call budget: V1_CALL_BUDGETS["/sessions/[id]/live"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ClientStrings } from "@/components/i18n/client-strings";
import { LiveRegister } from "@/components/live/live-register";
import { requireActor } from "@/lib/auth/session";
import { clientFor } from "@/lib/connections";
import { loadLiveSnapshot } from "@/lib/features/live/server/read-model";
import { halqaRecord } from "@/lib/features/records";
import { hearTodayOf } from "@/lib/features/notebook/hear-sources";
import { openWithOf } from "@/lib/features/notebook/open-with";
import { firstParam, type SearchParams } from "@/lib/web/search-params";
import { getNotebookSettings, mistakeOptions } from "@/lib/features/notebook/settings";
import { surahsFor } from "@/lib/features/reference";
import { writeBlockOf } from "@/lib/features/write-access";
import { failureOf, isNotFound } from "@/lib/v1";
import { getI18n } from "@/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { logger } from "@/lib/ops/log";
import { errorSummary } from "@/lib/security/log-safe";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("live.title", { halqa: "" }).replace(/[:\s]+$/, "") };
}

export default async function LiveSessionPage({ params, searchParams }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const openWith = openWithOf({
    student: firstParam(query, "student", 255),
    kind: firstParam(query, "kind"),
    from: firstParam(query, "from"),
    to: firstParam(query, "to"),
  });
  const client = clientFor(actor.connectionId);
  const i18n = await getI18n();
  const { t, date, locale } = i18n;
  const loaded = await loadPage(async () => {
    const [snapshot, surahs, school, notebook] = await Promise.all([
      loadLiveSnapshot(actor, id),
      surahsFor(actor.connectionId),
      client.tenant(),
      getNotebookSettings(actor.connectionId),
    ]);
    // loadLiveSnapshot answers null for a missing session and for one the actor may not view (can.viewSession).
    if (!snapshot) notFound();
    const [halqa, schoolBlock, sheikhEligible, hear] = await Promise.all([
      // A halqa that no longer exists is unnamed; any other failure is the page's refusal (loadPage).
      halqaRecord(actor.connectionId, snapshot.session.halqa_id).then((h) => h?.name ?? t("sessions.unknownHalqa")),
      writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true })),
      // GET /sheikhs/{id} answers only currently eligible sheikhs; the school ends a session only with one (spec rule 2).
      client.call("getSheikh", { params: { id: snapshot.session.sheikh_id } }).then(
        () => true,
        (error: unknown) => {
          if (isNotFound(failureOf(error))) return false;
          throw error;
        },
      ),
      // From the dashboard's store only (no v1 call); a store that fails leaves the suggestions out, never the register.
      hearTodayOf({ connectionId: actor.connectionId, tenantId: school.id }, snapshot.roster, {
        today: snapshot.session.date,
        timeZone: school.time_zone,
        settings: notebook,
      })
        .then((map) => Object.fromEntries(map))
        .catch((error: unknown) => {
          logger().warn(
            { kind: "hear-today", error: errorSummary(error) },
            "what to hear today left out of the register",
          );
          return undefined;
        }),
    ]);
    return { snapshot, surahs, school, notebook, halqa, schoolBlock, sheikhEligible, hear };
  });
  if (!loaded.ok)
    return (
      <RefusalPage
        title={t("sessions.title")}
        failure={loaded.failure}
        t={t}
        role={actor.role}
        retryHref={`/sessions/${encodeURIComponent(id)}/live`}
      />
    );
  const { snapshot, surahs, school, notebook, halqa, schoolBlock, sheikhEligible, hear } = loaded.value;
  const href = `/sessions/${encodeURIComponent(snapshot.session.id)}`;
  const ended = snapshot.session.status !== "open" ? t("live.readOnlyEnded") : null;
  const readOnly = {
    marks: ended ?? (snapshot.can.markAttendance ? null : t("live.readOnlyNotAllowed")),
    recitations: ended ?? (snapshot.can.recordRecitation ? null : t("live.readOnlyNoRecitations")),
    end:
      ended ??
      (!snapshot.can.endSession ? t("live.readOnlyNoEnd") : sheikhEligible ? null : t("live.readOnlySheikhIneligible")),
    school: ended ? null : schoolBlock,
  };
  const ratings = school.rating_scale.map((level) => ({
    value: level.value,
    label: locale === "ar" ? level.label_ar : level.label,
  }));
  const surahOptions = surahs.map(
    ({ number, name_arabic, name_transliteration, name_english, ayah_count, start_juz }) => ({
      number,
      name_arabic,
      name_transliteration,
      name_english,
      ayah_count,
      start_juz,
    }),
  );

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link
          href={href}
          className="inline-flex min-h-6 w-fit items-center rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {t("live.backToSession")}
        </Link>
        <h1 className="text-3xl font-semibold tracking-tight">{t("live.title", { halqa })}</h1>
        <p className="text-muted-foreground">{date(snapshot.session.date, { hijri: true })}</p>
      </header>
      <ClientStrings parts={["live", "students.status", "errors.markNotEligible", "errors.markInvalid"]}>
        <LiveRegister
          initial={snapshot}
          surahs={surahOptions}
          ratings={ratings}
          mistakes={mistakeOptions(notebook, locale, t)}
          hear={hear}
          openWith={openWith}
          readOnly={readOnly}
        />
      </ClientStrings>
    </div>
  );
}
