"use client";

/**
 * The live register: the server's saved marks (polled every 3 s while the tab is visible) with this
 * device's unsaved work over them (the LiveQueue, kept in IndexedDB). A tap paints at once; the
 * queue batches the marks into one PUT per burst. Strings arrive from the server as templates.
 */
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { allPresent, countRegister, mergeRegister, rowNames } from "@/lib/features/live/merge";
import { waitingSince } from "@/lib/features/live/pending";
import type { SurahOption } from "@/lib/features/live/recitation-form";
import { MARK_STATUSES, type LiveSnapshot, type MarkStatus, type MarkValue, type RecitationDraft } from "@/lib/features/live/types";
import { formatMessage } from "@/lib/i18n/message-format";
import { cn } from "@/lib/utils";
import { EndSessionPanel } from "./end-session-panel";
import { fetchSnapshot, startOfToday, useLiveQueue, usePositions } from "./live-hooks";
import type { RatingOption } from "./recitation-panel";
import { RosterRow } from "./roster-row";
import { RegisterNotices } from "./register-notices";
import { UndoToast, type UndoEntry } from "./undo-toast";
import type { LiveStrings } from "./strings";

export type { LiveStrings } from "./strings";

type Props = {
  initial: LiveSnapshot;
  locale: "en" | "ar";
  /** The school's zone (null when unknown): dates here are the school's, like everywhere else. */
  timeZone: string | null;
  strings: LiveStrings;
  /** The school's surahs (GET /surahs, cached per tenant) and rating scale (GET /school), in the reader's language. */
  surahs: readonly SurahOption[];
  ratings: readonly RatingOption[];
  /**
   * Why each kind of write is refused here (ended session, not the actor's), already translated;
   * null when allowed. `school`: the school refused the latest write itself (scope, write access,
   * policy; `writeBlockOf`, a whole sentence): read-only, but the teacher may try again.
   */
  readOnly: { marks: string | null; recitations: string | null; end: string | null; school: string | null };
};

export const POLL_MS = 3000;

export function LiveRegister(props: Props) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <QueryClientProvider client={client}>
      <Register {...props} />
    </QueryClientProvider>
  );
}

function Register({ initial, locale, timeZone, strings: s, surahs, ratings, readOnly: refusals }: Props) {
  const sessionId = initial.session.id;
  const fmt = useCallback((template: string, vars: Record<string, string | number>) => formatMessage(locale, template, vars), [locale]);

  const query = useQuery({
    queryKey: ["live-session", sessionId],
    queryFn: () => fetchSnapshot(sessionId),
    initialData: initial,
    initialDataUpdatedAt: Date.parse(initial.fetchedAt),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // Offline, the service worker answers the poll with the last one it saw (public/sw.js): ask it anyway.
    networkMode: "offlineFirst",
  });
  const data = query.data;
  const [queue, queueState] = useLiveQueue(data.tenantId, sessionId);
  const positions = usePositions();

  // Recitations a poll already holds need not be kept as "saved here" any longer.
  useEffect(() => {
    queue?.forgetSaved(data.recitations.map((r) => r.id));
  }, [queue, data.recitations]);

  const register = useMemo(() => mergeRegister(data, queueState), [data, queueState]);
  const counts = useMemo(() => countRegister(register), [register]);
  const names = useMemo(() => rowNames(register.rows.map((r) => r.student)), [register.rows]);

  // A poll that finds the session ended, or a write the school refused for every write, makes the screen read-only too.
  const ended = data.session.status !== "open" && initial.session.status === "open" ? s.endedMeanwhile : null;
  const [schoolBlockLifted, setSchoolBlockLifted] = useState(false);
  const schoolBlock = schoolBlockLifted ? null : refusals.school;
  const blocked = queueState.writeBlocked ?? schoolBlock;
  const marksReason = ended ?? refusals.marks ?? blocked;
  const recitationsReason = ended ?? refusals.recitations ?? blocked;
  const endReason = ended ?? refusals.end ?? blocked;
  const readOnly = marksReason !== null;
  const reasons = [...new Set([marksReason, recitationsReason].filter((r): r is string => r !== null))];
  const tryAgain = () => {
    setSchoolBlockLifted(true);
    queue?.clearWriteBlock();
    queue?.retryFailed();
  };

  const [undo, setUndo] = useState<UndoEntry | null>(null);
  const rowsById = useMemo(() => new Map(register.rows.map((row) => [row.student.id, row])), [register.rows]);
  const setMark = useCallback(
    (studentId: string, value: MarkValue | MarkStatus) => {
      if (!queue) return;
      const previous = rowsById.get(studentId)?.mark ?? null;
      if (typeof value === "string") {
        // Setting the status a row already has (a double tap) is no change: nothing to send, nothing to undo.
        if (previous?.status === value) return;
        // A first mark has nothing to go back to: the API cannot remove an attendance row.
        if (previous) setUndo({ id: Date.now(), studentId, name: names.get(studentId) ?? studentId, previous, next: value });
      }
      queue.mark(studentId, value);
    },
    [queue, rowsById, names],
  );
  const undoLast = useCallback(
    (entry: UndoEntry) => {
      queue?.mark(entry.studentId, entry.previous);
      setUndo(null);
    },
    [queue],
  );
  const clearUndo = useCallback(() => setUndo(null), []);
  const recitationActions = useMemo(
    () => ({
      onRecord: (draft: RecitationDraft) => void queue?.recordRecitation(draft),
      onUpdate: (clientId: string, draft: RecitationDraft) => void queue?.updateRecitation(clientId, draft),
      onRetry: (clientId: string) => queue?.retryFailed({ clientId }),
      onDiscard: (clientId: string) => void queue?.discardRecitation(clientId),
    }),
    [queue],
  );

  // Keyboard: arrows move between rows, P/A/L/E set the focused row's status.
  const rowButtons = useRef(new Map<number, HTMLButtonElement>());
  const onRosterKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    const index = Number(target.closest<HTMLElement>("[data-row-index]")?.dataset.rowIndex ?? NaN);
    // Typing in the late-minutes, note or recitation fields is not a command.
    if (Number.isNaN(index) || target.closest("form, details, dialog") || target.matches("input, select, textarea")) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const next = index + (event.key === "ArrowDown" ? 1 : -1);
      const button = rowButtons.current.get(next);
      if (button) {
        event.preventDefault();
        button.focus();
      }
      return;
    }
    if (readOnly || event.ctrlKey || event.metaKey || event.altKey) return;
    const status = ({ p: "present", a: "absent", l: "late", e: "excused" } as const)[event.key.toLowerCase() as "p" | "a" | "l" | "e"];
    const row = register.rows[index];
    if (status && row?.eligible) {
      event.preventDefault();
      setMark(row.student.id, status);
    }
  };

  const earlier = useMemo(() => waitingSince([{ marks: [...queueState.marks.values()], recitations: queueState.recitations }], startOfToday()), [queueState.marks, queueState.recitations]);
  const recitationCount = register.rows.reduce((n, row) => n + row.recitations.filter((r) => r.state === "saved").length, 0);
  const unsaved = queueState.waiting + queueState.failed;

  return (
    <div className="flex flex-col gap-3">
      <RegisterNotices
        sessionId={sessionId}
        locale={locale}
        timeZone={timeZone}
        strings={s}
        fmt={fmt}
        queueState={queueState}
        names={names}
        reasons={reasons}
        blocked={blocked}
        schoolBlock={schoolBlock}
        canTryAgain={queue !== null}
        onTryAgain={tryAgain}
        earlier={earlier}
        pollError={query.isError && queueState.online ? query.error.message : null}
      />
      <section aria-label={s.countsLabel} className="sticky top-0 z-10 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-card px-3 py-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {MARK_STATUSES.map((status) => (
            <li key={status}>
              {s.status[status]}: <span className="font-semibold tabular-nums" data-testid={`count-${status}`}>{fmt("{n}", { n: counts[status] })}</span>
            </li>
          ))}
          <li>{counts.unmarked > 0 ? fmt(s.notMarked, { n: counts.unmarked }) : s.allMarked}</li>
        </ul>
        <p role="status" aria-live="polite" className={cn("rounded-full border px-3 py-1 text-sm", queueState.waiting > 0 ? "border-primary text-primary" : "border-border text-muted-foreground")}>
          {queueState.waiting > 0 ? fmt(s.waiting, { n: queueState.waiting }) : s.allSaved}
        </p>
        {queueState.failed > 0 ? (
          <>
            <p role="alert" className="text-sm text-destructive">{fmt(s.failedCount, { n: queueState.failed })}</p>
            {blocked ? null : (
              <Button variant="outline" onClick={() => queue?.retryFailed()}>
                {s.retryAll}
              </Button>
            )}
          </>
        ) : null}
        {!readOnly && counts.unmarked > 0 ? (
          <Button className="ms-auto" onClick={() => queue?.markMany(allPresent(register))} disabled={!queue}>
            {s.allPresent}
          </Button>
        ) : null}
      </section>

      <p className="hidden text-sm text-muted-foreground xl:block">{s.statusKeys}</p>
      {register.rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-muted-foreground">{s.emptyRoster}</p>
      ) : (
        <ul aria-label={s.rosterLabel} className="flex flex-col divide-y divide-border rounded-lg border border-border" onKeyDown={onRosterKey}>
          {register.rows.map((row, index) => (
            <RosterRow
              key={row.student.id}
              row={row}
              name={names.get(row.student.id) ?? row.student.full_name}
              index={index}
              strings={s}
              fmt={fmt}
              readOnly={readOnly || !queue}
              recitation={{
                tenantId: data.tenantId,
                sessionId,
                surahs,
                ratings,
                positions,
                locale,
                readOnly: recitationsReason !== null || !queue,
                ...recitationActions,
              }}
              onMark={setMark}
              onRetry={() => queue?.retryFailed({ studentId: row.student.id })}
              onDiscard={() => queue?.discardMark(row.student.id)}
              buttonRef={(el) => {
                if (el) rowButtons.current.set(index, el);
                else rowButtons.current.delete(index);
              }}
            />
          ))}
        </ul>
      )}

      {endReason === null ? (
        <EndSessionPanel sessionId={sessionId} counts={counts} recitations={recitationCount} unsaved={unsaved} strings={s} fmt={fmt} />
      ) : initial.session.status === "open" && data.session.status === "open" ? (
        <p className="text-sm text-muted-foreground">{fmt(s.end.notAllowed, { reason: endReason })}</p>
      ) : null}
      <UndoToast entry={undo} strings={s} fmt={fmt} onUndo={undoLast} onExpire={clearUndo} />
    </div>
  );
}
