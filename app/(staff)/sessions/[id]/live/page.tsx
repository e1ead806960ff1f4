// v1 calls: 6 — the session, then the halqa's students + the session's attendance + its
// recitations in parallel (lib/features/live/read-model.ts), then GET /halqas/{id} for the title and
// GET /sheikhs/{id} (is the session's sheikh still eligible, so that it can be ended?);
// plus GET /school once per process (it also gives the rating scale), GET /surahs once a day per
// tenant (lib/features/reference.ts) and, for a teacher, GET /sheikhs/{id} per linked sheikh.
// Opening a student's recitation entry fetches its prefill (3 calls, see its route).
// Afterwards the client polls GET /api/live/sessions/{id} (the same 4 calls) every 3 s while visible.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LiveRegister, type LiveStrings } from "@/components/live/live-register";
import { requireActor } from "@/lib/auth/session";
import { clientFor } from "@/lib/connections";
import { loadLiveSnapshot } from "@/lib/features/live/read-model";
import { surahsFor } from "@/lib/features/reference";
import { writeBlockOf } from "@/lib/features/write-access";
import type { Translate } from "@/lib/i18n/core";
import { isFailure } from "@/lib/v1";
import { getI18n } from "@/lib/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";

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
      more: t("live.row.more"),
      moreFor: t("live.row.moreFor"),
      close: t("live.row.close"),
    },
    waiting: t("live.waiting"),
    allSaved: t("live.allSaved"),
    undo: { message: t("live.undo.message"), action: t("live.undo.action") },
    failedCount: t("live.failedCount"),
    retryAll: t("live.retryAll"),
    offline: t("live.offline"),
    stalePending: t("live.stalePending"),
    storageMemory: t("live.storageMemory"),
    readOnly: t("live.readOnly"),
    tryWritesAgain: t("live.tryWritesAgain"),
    unsent: {
      summary: t("live.unsent.summary"),
      hint: t("live.unsent.hint"),
      download: t("live.unsent.download"),
      headings: {
        type: t("live.unsent.headings.type"),
        student: t("live.unsent.headings.student"),
        what: t("live.unsent.headings.what"),
        detail: t("live.unsent.headings.detail"),
        changedAt: t("live.unsent.headings.changedAt"),
        reason: t("live.unsent.headings.reason"),
        mark: t("live.unsent.headings.mark"),
        recitation: t("live.unsent.headings.recitation"),
      },
    },
    retryingAt: t("live.retryingAt"),
    endedMeanwhile: t("live.endedMeanwhile"),
    pollFailed: t("live.pollFailed"),
    emptyRoster: t("live.emptyRoster"),
    recitation: {
      open: t("live.recitation.open"),
      listLabel: t("live.recitation.listLabel"),
      none: t("live.recitation.none"),
      kind: t("live.recitation.kind"),
      kinds: {
        new_memorization: t("live.recitation.kinds.new_memorization"),
        recent_revision: t("live.recitation.kinds.recent_revision"),
        old_revision: t("live.recitation.kinds.old_revision"),
      },
      find: t("live.recitation.find"),
      juz: t("live.recitation.juz"),
      anyJuz: t("live.recitation.anyJuz"),
      juzN: t("live.recitation.juzN"),
      fromSurah: t("live.recitation.fromSurah"),
      fromAyah: t("live.recitation.fromAyah"),
      toSurah: t("live.recitation.toSurah"),
      toAyah: t("live.recitation.toAyah"),
      noMatch: t("live.recitation.noMatch"),
      rangeInfo: t("live.recitation.rangeInfo"),
      rating: t("live.recitation.rating"),
      mistakes: t("live.recitation.mistakes"),
      note: t("live.recitation.note"),
      submit: t("live.recitation.submit"),
      resubmit: t("live.recitation.resubmit"),
      cancelEdit: t("live.recitation.cancelEdit"),
      edit: t("live.recitation.edit"),
      prefilledPlan: t("live.recitation.prefilledPlan"),
      prefilledLast: t("live.recitation.prefilledLast"),
      item: t("live.recitation.item"),
      queued: t("live.recitation.queued"),
      problems: {
        surah: t("live.recitation.problems.surah"),
        ayah: t("live.recitation.problems.ayah"),
        order: t("live.recitation.problems.order"),
        rating: t("live.recitation.problems.rating"),
        mistakes: t("live.recitation.problems.mistakes"),
      },
    },
    end: {
      open: t("live.end.open"),
      summary: t("live.end.summary"),
      recitations: t("live.end.recitations"),
      unmarked: t("live.end.unmarked"),
      unsaved: t("live.end.unsaved"),
      confirm: t("live.end.confirm"),
      submit: t("live.end.submit"),
      pending: t("live.end.pending"),
      notAllowed: t("live.end.notAllowed"),
    },
  };
}

export default async function LiveSessionPage({ params }: Props) {
  const actor = await requireActor(["admin", "teacher"]);
  const { id } = await params;
  const client = clientFor(actor.connectionId);
  const i18n = await getI18n();
  const { t, date, locale } = i18n;
  const loaded = await loadPage(async () => {
    const [snapshot, surahs, school] = await Promise.all([loadLiveSnapshot(actor, id), surahsFor(actor.connectionId), client.tenant()]);
    // loadLiveSnapshot answers null for a missing session and for one the actor may not view (can.viewSession).
    if (!snapshot) notFound();
    const [halqa, schoolBlock, sheikhEligible] = await Promise.all([
      client
        .call("getHalqa", { params: { id: snapshot.session.halqa_id } })
        .then((h) => h.name)
        .catch(() => t("sessions.unknownHalqa")),
      writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true })),
      // GET /sheikhs/{id} answers only currently eligible sheikhs; the school ends a session only with one (spec rule 2).
      client.call("getSheikh", { params: { id: snapshot.session.sheikh_id } }).then(
        () => true,
        (error: unknown) => {
          if (isFailure(error, "not_found")) return false;
          throw error;
        },
      ),
    ]);
    return { snapshot, surahs, school, halqa, schoolBlock, sheikhEligible };
  });
  if (!loaded.ok) return <RefusalPage title={t("sessions.title")} failure={loaded.failure} t={t} role={actor.role} retryHref={`/sessions/${encodeURIComponent(id)}/live`} />;
  const { snapshot, surahs, school, halqa, schoolBlock, sheikhEligible } = loaded.value;
  const href = `/sessions/${encodeURIComponent(snapshot.session.id)}`;
  const ended = snapshot.session.status !== "open" ? t("live.readOnlyEnded") : null;
  const readOnly = {
    marks: ended ?? (snapshot.can.markAttendance ? null : t("live.readOnlyNotAllowed")),
    recitations: ended ?? (snapshot.can.recordRecitation ? null : t("live.readOnlyNoRecitations")),
    end: ended ?? (!snapshot.can.endSession ? t("live.readOnlyNoEnd") : sheikhEligible ? null : t("live.readOnlySheikhIneligible")),
    school: ended ? null : schoolBlock,
  };
  const ratings = school.rating_scale.map((level) => ({ value: level.value, label: locale === "ar" ? level.label_ar : level.label }));
  const surahOptions = surahs.map(({ number, name_arabic, name_transliteration, name_english, ayah_count, start_juz }) => ({ number, name_arabic, name_transliteration, name_english, ayah_count, start_juz }));

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link href={href} className="w-fit rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60">
          {t("live.backToSession")}
        </Link>
        <h1 className="text-3xl font-semibold tracking-tight">{t("live.title", { halqa })}</h1>
        <p className="text-muted-foreground">{date(snapshot.session.date, { hijri: true })}</p>
      </header>
      <LiveRegister initial={snapshot} locale={locale} timeZone={i18n.timeZone} strings={liveStrings(t)} surahs={surahOptions} ratings={ratings} readOnly={readOnly} />
    </div>
  );
}
