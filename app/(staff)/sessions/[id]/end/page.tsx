// v1 call budget: V1_CALL_BUDGETS["/sessions/[id]/end"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { notFound, redirect } from "next/navigation";
import { ClientStrings } from "@/components/i18n/client-strings";
import { EndSessionForm } from "@/components/sessions/end-session-form";
import { SessionSummaryList } from "@/components/sessions/session-summary";
import { requireActor } from "@/lib/auth/session";
import { loadSessionDetail } from "@/lib/features/sessions/queries";
import { getI18n } from "@/i18n/server";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import { writeBlockOf } from "@/lib/features/write-access";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";

type Props = { params: Promise<{ id: string }> };

export const generateMetadata = pageTitle("sessions.end.title");

/** The confirmation step of ending a session: what was recorded so far, and a required tick box. */
export default async function EndSessionPage({ params }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const { id } = await params;
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadSessionDetail(actor, id))]);
  if (!loaded.ok)
    return (
      <RefusalPage
        title={i18n.t("sessions.title")}
        failure={loaded.failure}
        t={i18n.t}
        role={actor.role}
        retryHref={`/sessions/${encodeURIComponent(id)}/end`}
      />
    );
  const detail = loaded.value;
  const { t, date } = i18n;
  const href = `/sessions/${encodeURIComponent(detail.session.id)}`;
  if (!detail.abilities.end) notFound();
  if (detail.session.status !== "open") redirect(href);
  const blocked = await writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true }));

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-semibold tracking-tight">{t("sessions.end.title")}</h1>
      <p>
        {t("sessions.end.body", {
          halqa: detail.session.halqaName ?? t("sessions.unknownHalqa"),
          date: date(detail.session.date, { hijri: true }),
        })}
      </p>
      <section aria-labelledby="end-so-far" className="flex flex-col gap-3">
        <h2 id="end-so-far" className="text-xl font-semibold">
          {t("sessions.summary.soFar")}
        </h2>
        <SessionSummaryList summary={detail.summary} i18n={i18n} />
      </section>
      <ReadOnlyWhen reason={blocked}>
        <ClientStrings parts={["sessions.end"]}>
          <EndSessionForm sessionId={detail.session.id} cancelHref={href} />
        </ClientStrings>
      </ReadOnlyWhen>
    </div>
  );
}
