"use client";

/**
 * The live register: the server's saved marks (polled every 3 s while the tab is visible) with this
 * device's unsaved work over them (the LiveQueue, kept in IndexedDB). A tap paints at once; the
 * queue batches the marks into one PUT per burst. Strings come from the page's <ClientStrings> (useT).
 */
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { allPresent, countRegister, mergeRegister, rowNames } from "@/lib/features/live/merge";
import { recordNames } from "@/lib/features/students/display-names";
import { waitingSince } from "@/lib/features/live/outbox/pending";
import type { SurahOption } from "@/lib/features/live/recitation-form";
import type { LiveQueue, QueueSnapshot } from "@/lib/features/live/outbox/queue";
import type { LiveSnapshot, RecitationDraft } from "@/lib/features/live/types";
import type { HearToday } from "@/lib/features/notebook/hear-today";
import type { MistakeOptions } from "@/lib/features/notebook/mistakes";
import type { OpenWith } from "@/lib/features/notebook/open-with";
import { useT } from "@/lib/i18n/client";
import { EndSessionPanel } from "./end-session-panel";
import { startOfToday, useLiveQueue, usePreloadPositions } from "./live-hooks";
import { pollMessage, pollOptions } from "./poll";
import type { RatingOption } from "./recitation-panel";
import { RegisterCounts } from "./register-counts";
import { useMarking, useReadOnly, useRosterKeys, useStableRows, type Refusals } from "./register-hooks";
import { RegisterNotices } from "./register-notices";
import { RosterRow, type RosterRecitation } from "./roster-row";
import { UNDO_WINDOW_MS, type UndoNote, UndoSlot } from "./undo-toast";

type Props = {
  initial: LiveSnapshot;
  /** The school's surahs (GET /surahs, cached per tenant) and rating scale (GET /school), in the reader's language. */
  surahs: readonly SurahOption[];
  ratings: readonly RatingOption[];
  /** The school's mistake types (in the reader's language) and rating thresholds. */
  mistakes: MistakeOptions;
  /** What to hear today per student id (issue 29), when the page could compute it. */
  hear?: Record<string, HearToday>;
  /** Open one student's recitation dialog at once, prefilled (a suggestion tapped on the student page). */
  openWith?: OpenWith | null;
  /**
   * Why each kind of write is refused here (ended session, not the actor's), already translated;
   * null when allowed. `school`: the school refused the latest write itself (scope, write access,
   * policy; `writeBlockOf`, a whole sentence): read-only, but the teacher may try again.
   */
  readOnly: Refusals;
};

export function LiveRegister(props: Props) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <QueryClientProvider client={client}>
      <Register {...props} />
    </QueryClientProvider>
  );
}

function Register({ initial, surahs, ratings, mistakes, hear, openWith, readOnly: refusals }: Props) {
  const t = useT("live");
  const sessionId = initial.session.id;
  const query = useQuery(pollOptions(initial));
  const data = query.data;
  const [queue, queueState] = useLiveQueue(data.tenantId, sessionId);
  usePreloadPositions();

  // Recitations a poll already holds need not be kept as "saved here" any longer.
  useEffect(() => {
    queue?.forgetSaved(data.recitations.map((r) => r.id));
  }, [queue, data.recitations]);

  const { roster, ineligible, attendance, recitations } = data;
  const merged = useMemo(
    () => mergeRegister({ roster, ineligible, attendance, recitations }, queueState),
    [roster, ineligible, attendance, recitations, queueState],
  );
  const register = useStableRows(merged);
  const counts = useMemo(() => countRegister(register), [register]);
  const names = useMemo(() => rowNames(register.rows.map((r) => r.student)), [register.rows]);
  const excuses = useMemo(() => excusesByLineage(data.excuses), [data.excuses]);
  // The unsent work's CSV is read away from the register: full names there.
  const csvNames = useMemo(() => recordNames(register.rows.map((r) => r.student)), [register.rows]);

  // A poll that finds the session ended, or a write the school refused for every write, makes the screen read-only too.
  const endedMeanwhile =
    data.session.status !== "open" && initial.session.status === "open" ? t("endedMeanwhile") : null;
  const refused = useReadOnly(refusals, endedMeanwhile, queue, queueState);
  const readOnly = refused.marks !== null;
  const { setMark, undo, undoLast, clearUndo } = useMarking(queue, register.rows, names);
  const held = useHeld(queue, queueState, names);
  const keys = useRosterKeys(register.rows, readOnly, setMark);
  const recitationsReadOnly = refused.recitations !== null || !queue;
  const recitation = useMemo<RosterRecitation>(
    () => ({
      tenantId: data.tenantId,
      sessionId,
      surahs,
      ratings,
      mistakeOptions: mistakes,
      readOnly: recitationsReadOnly,
      onRecord: (draft: RecitationDraft) => void queue?.recordRecitation(draft, { holdMs: UNDO_WINDOW_MS }),
      onUndo: (clientId: string) => void queue?.undoHeld({ clientIds: [clientId] }),
      onUpdate: (clientId: string, draft: RecitationDraft) => void queue?.updateRecitation(clientId, draft),
      onRetry: (clientId: string) => queue?.retryFailed({ clientId }),
      onDiscard: (clientId: string) => void queue?.discardRecitation(clientId),
    }),
    [data.tenantId, sessionId, surahs, ratings, mistakes, recitationsReadOnly, queue],
  );
  const retryRow = useCallback((studentId: string) => queue?.retryFailed({ studentId }), [queue]);
  const discardRow = useCallback((studentId: string) => void queue?.discardMark(studentId), [queue]);

  const earlier = useMemo(
    () =>
      waitingSince([{ marks: [...queueState.marks.values()], recitations: queueState.recitations }], startOfToday()),
    [queueState.marks, queueState.recitations],
  );
  const recitationCount = register.rows.reduce(
    (n, row) => n + row.recitations.filter((r) => r.state === "saved").length,
    0,
  );
  const unsaved = queueState.waiting + queueState.failed;

  return (
    <div className="flex flex-col gap-3">
      <RegisterNotices
        sessionId={sessionId}
        queueState={queueState}
        names={csvNames}
        reasons={refused.reasons}
        blocked={refused.blocked}
        schoolBlock={refused.schoolBlock}
        canTryAgain={queue !== null}
        onTryAgain={refused.tryAgain}
        earlier={earlier}
        pollError={query.isError && queueState.online ? pollMessage(query.error, t) : null}
      />
      <RegisterCounts
        counts={counts}
        queueState={queueState}
        blocked={refused.blocked !== null}
        canMarkAll={!readOnly}
        ready={queue !== null}
        onRetryAll={() => queue?.retryFailed()}
        onAllPresent={() => queue?.markMany(allPresent(register), { holdMs: UNDO_WINDOW_MS })}
        undo={
          <UndoSlot
            entry={undo}
            held={held.work}
            note={held.note}
            onUndo={undoLast}
            onUndoHeld={held.undo}
            onExpire={clearUndo}
            onNoteExpire={held.clearNote}
          />
        }
      />

      <p className="hidden text-sm text-muted-foreground xl:block">{t("statusKeys")}</p>
      {register.rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-muted-foreground">
          {t("emptyRoster")}
        </p>
      ) : (
        // Until the queue exists a tap has nowhere to go, so the roster is inert: one attribute that the queue's
        // start removes, where disabling every status button meant four changes a student in one long task
        // (issue 31, docs/scale.md "The queue's start").
        <ul
          aria-label={t("rosterLabel")}
          className="flex flex-col divide-y divide-border rounded-lg border border-border"
          onKeyDown={keys.onKeyDown}
          inert={!queue}
        >
          {register.rows.map((row, index) => (
            <RosterRow
              key={row.student.id}
              row={row}
              name={names.get(row.student.id) ?? row.student.full_name}
              index={index}
              readOnly={readOnly}
              recitation={recitation}
              hear={hear?.[row.student.id] ?? null}
              initial={openWith?.studentId === row.student.id ? openWith : null}
              onMark={setMark}
              onRetry={retryRow}
              onDiscard={discardRow}
              buttonRef={keys.buttonRefs[index]!}
              excuses={excuses.get(row.student.lineage_id)}
            />
          ))}
        </ul>
      )}

      {refused.end === null ? (
        <EndSessionPanel
          sessionId={sessionId}
          counts={counts}
          recitations={recitationCount}
          unsaved={unsaved}
          held={queueState.held.marks.length + queueState.held.recitations.length}
          onSendNow={() => queue?.releaseHeld()}
        />
      ) : initial.session.status === "open" && data.session.status === "open" ? (
        <p className="text-sm text-muted-foreground">{t("end.notAllowed", { reason: refused.end })}</p>
      ) : null}
    </div>
  );
}

/** Work in its undo window ("the rest present", recitations) as the undo slot shows it, and its undo with what it did. */
function useHeld(queue: LiveQueue | null, queueState: QueueSnapshot, names: ReadonlyMap<string, string>) {
  const t = useT("live");
  const [note, setNote] = useState<UndoNote | null>(null);
  const { marks, recitations, until } = queueState.held;
  const first = queueState.recitations.find((r) => r.clientId === recitations[0]);
  const work = {
    marks: marks.length,
    recitations: recitations.length,
    recitationName: first ? (names.get(first.draft.student_id) ?? null) : null,
    until,
    startedAt: until === null ? 0 : until - UNDO_WINDOW_MS,
  };
  const undo = () => {
    if (!queue) return;
    const result = queue.undoHeld({ studentIds: marks, clientIds: recitations });
    const keptMarks = result.kept.filter((id) => marks.includes(id)).length;
    const keptRecs = result.kept.length - keptMarks;
    setNote({
      text:
        keptMarks > 0 ? t("undo.kept", { n: keptMarks }) : keptRecs > 0 ? t("undo.keptRecitation") : t("undo.undone"),
      at: Date.now(),
    });
  };
  const clearNote = useCallback(() => setNote(null), []);
  return { work, note, undo, clearNote };
}

/** Parents' reasons by the child's lineage (a child may have a request from each parent). */
function excusesByLineage(excuses: LiveSnapshot["excuses"]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { lineageId, reason } of excuses ?? []) out.set(lineageId, [...(out.get(lineageId) ?? []), reason]);
  return out;
}
