// v1 calls: 5 — the session, then the halqa's students + the session's attendance + its
// recitations in parallel (lib/features/live/read-model.ts), then GET /halqas/{id} for the title;
// plus GET /school once per process and, for a teacher, GET /sheikhs/{id} per linked sheikh.
// Afterwards the client polls GET /api/live/sessions/{id} (the same 4 calls) every 3 s while visible.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LiveRegister, type LiveStrings } from "@/components/live/live-register";
import { requireActor } from "@/lib/auth/session";
import { clientFor } from "@/lib/connections";
import { loadLiveSnapshot } from "@/lib/features/live/read-model";
import type { Translate } from "@/lib/i18n/core";
import { getI18n } from "@/lib/i18n/server";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("live.title", { halqa: "" }).replace(/[:\s]+$/, "") };
}

/** The client's strings: templates keep their `{n}` / `{name}` placeholders, filled in the browser. */
function liveStrings(t: Translate): LiveStrings {
  return {
    status: {
      present: t("live.status.present"),
      absent: t("live.status.absent"),
      late: t("live.status.late"),
      excused: t("live.status.excused"),
      unmarked: t("live.status.unmarked"),
    },
    studentStatus: {
      active: t("students.status.active"),
      on_leave: t("students.status.on_leave"),
      withdrawn: t("students.status.withdrawn"),
      graduated: t("students.status.graduated"),
    },
    statusKeys: t("live.statusKeys"),
    countsLabel: t("live.counts.label"),
    notMarked: t("live.counts.notMarked"),
    allMarked: t("live.counts.allMarked"),
    whoNotMarked: t("live.counts.whoNotMarked"),
    allPresent: t("live.allPresent"),
    rosterLabel: t("live.rosterLabel"),
    tapToCycle: t("live.tapToCycle"),
    setStatus: t("live.setStatus"),
    row: {
      saved: t("live.row.saved"),
      pending: t("live.row.pending"),
      sending: t("live.row.sending"),
      failed: t("live.row.failed"),
      unmarked: t("live.row.unmarked"),
      retry: t("live.row.retry"),
      discard: t("live.row.discard"),
      details: t("live.row.details"),
      lateMinutes: t("live.row.lateMinutes"),
      note: t("live.row.note"),
      apply: t("live.row.apply"),
      ineligible: t("live.row.ineligible"),
    },
    waiting: t("live.waiting"),
    allSaved: t("live.allSaved"),
    failedCount: t("live.failedCount"),
    retryAll: t("live.retryAll"),
    offline: t("live.offline"),
    stale: t("live.stale"),
    storageMemory: t("live.storageMemory"),
    pollFailed: t("live.pollFailed"),
    emptyRoster: t("live.emptyRoster"),
  };
}

export default async function LiveSessionPage({ params }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const { id } = await params;
  const [i18n, snapshot] = await Promise.all([getI18n(), loadLiveSnapshot(actor, id)]);
  // loadLiveSnapshot answers null for a missing session and for one the actor may not view (can.viewSession).
  if (!snapshot) notFound();
  const { t, date, locale } = i18n;
  const halqa = await clientFor(actor.connectionId)
    .call("getHalqa", { params: { id: snapshot.session.halqa_id } })
    .then((h) => h.name)
    .catch(() => t("sessions.unknownHalqa"));
  const href = `/sessions/${encodeURIComponent(snapshot.session.id)}`;
  const readOnlyReason =
    snapshot.session.status !== "open" ? t("live.readOnlyEnded") : !snapshot.can.markAttendance ? t("live.readOnlyNotAllowed") : null;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link href={href} className="w-fit rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60">
          {t("live.backToSession")}
        </Link>
        <h1 className="text-3xl font-semibold tracking-tight">{t("live.title", { halqa })}</h1>
        <p className="text-muted-foreground">{date(snapshot.session.date, { hijri: true })}</p>
      </header>
      <LiveRegister
        initial={snapshot}
        locale={locale}
        strings={liveStrings(t)}
        readOnlyMessage={readOnlyReason ? t("live.readOnly", { reason: readOnlyReason }) : null}
        endHref={snapshot.session.status === "open" && snapshot.can.endSession ? `${href}/end` : null}
        endLabel={t("live.endSession")}
      />
    </div>
  );
}
