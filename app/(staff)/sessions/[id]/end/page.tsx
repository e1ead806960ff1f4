// v1 call budget: V1_CALL_BUDGETS["/sessions/[id]/end"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { notFound, redirect } from "next/navigation";
import { ClientStrings } from "@/components/i18n/client-strings";
import { EndSessionForm } from "@/components/sessions/end-session-form";
import { loadSessionPage } from "@/components/sessions/session-page";
import { SessionSummaryList } from "@/components/sessions/session-summary";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import { pageTitle } from "@/i18n/page-title";

type Props = { params: Promise<{ id: string }> };

export const generateMetadata = pageTitle("sessions.end.title");

/** The confirmation step of ending a session: what was recorded so far, and a required tick box. */
export default async function EndSessionPage({ params }: Props) {
  const page = await loadSessionPage(params, (id) => `/sessions/${id}/end`);
  if ("refusal" in page) return page.refusal;
  const { i18n, detail, blocked } = page;
  const { t, date } = i18n;
  const href = `/sessions/${encodeURIComponent(detail.session.id)}`;
  if (!detail.abilities.end) notFound();
  if (detail.session.status !== "open") redirect(href);

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
