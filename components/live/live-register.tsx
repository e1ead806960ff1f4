"use client";

/**
 * The live register: the server's saved marks (polled every 3 s while the tab is visible) with this
 * device's unsaved work over them (the LiveQueue, kept in IndexedDB). A tap paints at once; the
 * queue batches the marks into one PUT per burst. Strings arrive from the server as templates.
 */
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import Link from "next/link";
import { Button, buttonVariants } from "@/components/ui/button";
import { browserEnv } from "@/lib/features/live/env";
import { allPresent, countRegister, mergeRegister, rowNames, type RegisterRow } from "@/lib/features/live/merge";
import { createLiveQueue, type LiveQueue, type QueueSnapshot } from "@/lib/features/live/queue";
import { liveSenders } from "@/lib/features/live/senders";
import { openLiveStore } from "@/lib/features/live/store";
import { MARK_STATUSES, type LiveSnapshot, type MarkStatus, type MarkValue } from "@/lib/features/live/types";
import { cn } from "@/lib/utils";

export type LiveStrings = {
  status: Record<MarkStatus | "unmarked", string>;
  studentStatus: Record<"active" | "on_leave" | "withdrawn" | "graduated", string>;
  statusKeys: string;
  countsLabel: string;
  notMarked: string;
  allMarked: string;
  whoNotMarked: string;
  allPresent: string;
  rosterLabel: string;
  tapToCycle: string;
  setStatus: string;
  row: {
    saved: string;
    pending: string;
    sending: string;
    failed: string;
    unmarked: string;
    retry: string;
    discard: string;
    details: string;
    lateMinutes: string;
    note: string;
    apply: string;
    ineligible: string;
  };
  waiting: string;
  allSaved: string;
  failedCount: string;
  retryAll: string;
  offline: string;
  stale: string;
  storageMemory: string;
  pollFailed: string;
  emptyRoster: string;
};

type Props = {
  initial: LiveSnapshot;
  locale: "en" | "ar";
  strings: LiveStrings;
  /** Why writes are refused (ended session, not the actor's to mark), or null when the register is writable. */
  readOnlyMessage: string | null;
  endHref: string | null;
  endLabel: string;
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

const EMPTY_QUEUE: QueueSnapshot = {
  ready: false,
  marks: new Map(),
  recitations: [],
  savedRows: new Map(),
  savedRecitations: [],
  waiting: 0,
  failed: 0,
  sending: false,
  online: true,
  nextRetryAt: null,
  lastSavedAt: null,
  oldestWaitingAt: null,
  storage: "durable",
};

const noopSubscribe = () => () => undefined;

function useLiveQueue(tenantId: string, sessionId: string): [LiveQueue | null, QueueSnapshot] {
  const [queue, setQueue] = useState<LiveQueue | null>(null);
  useEffect(() => {
    const q = createLiveQueue({ tenantId, sessionId, store: openLiveStore(), send: liveSenders, env: browserEnv() });
    // The queue is an external system (IndexedDB, timers, network events) that exists only in the browser and
    // must be disposed with this effect, so it is created here and handed to render through state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setQueue(q);
    return () => {
      q.dispose();
      setQueue(null);
    };
  }, [tenantId, sessionId]);
  const snapshot = useSyncExternalStore(
    queue?.subscribe ?? noopSubscribe,
    () => queue?.getSnapshot() ?? EMPTY_QUEUE,
    () => EMPTY_QUEUE,
  );
  return [queue, snapshot];
}

async function fetchSnapshot(sessionId: string): Promise<LiveSnapshot> {
  const response = await fetch(`/api/live/sessions/${encodeURIComponent(sessionId)}`, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? String(response.status));
  }
  return (await response.json()) as LiveSnapshot;
}

function startOfToday(): number {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

function Register({ initial, locale, strings: s, readOnlyMessage, endHref, endLabel }: Props) {
  const sessionId = initial.session.id;
  const fmt = useMemo(() => {
    const numbers = new Intl.NumberFormat(locale === "ar" ? "ar-SA" : "en-GB");
    return (template: string, vars: Record<string, string | number>) =>
      template.replace(/\{(\w+)\}/g, (match, name: string) => {
        const value = vars[name];
        if (value === undefined) return match;
        return typeof value === "number" ? numbers.format(value) : value;
      });
  }, [locale]);

  const query = useQuery({
    queryKey: ["live-session", sessionId],
    queryFn: () => fetchSnapshot(sessionId),
    initialData: initial,
    initialDataUpdatedAt: Date.parse(initial.fetchedAt),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  const data = query.data;
  const [queue, queueState] = useLiveQueue(data.tenantId, sessionId);

  // Recitations a poll already holds need not be kept as "saved here" any longer.
  useEffect(() => {
    queue?.forgetSaved(data.recitations.map((r) => r.id));
  }, [queue, data.recitations]);

  const register = useMemo(() => mergeRegister(data, queueState), [data, queueState]);
  const counts = useMemo(() => countRegister(register), [register]);
  const readOnly = readOnlyMessage !== null;

  const setMark = useCallback((studentId: string, value: MarkValue | MarkStatus) => queue?.mark(studentId, value), [queue]);

  // Keyboard: arrows move between rows, P/A/L/E set the focused row's status.
  const rowButtons = useRef(new Map<number, HTMLButtonElement>());
  const onRosterKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    const index = Number(target.closest<HTMLElement>("[data-row-index]")?.dataset.rowIndex ?? NaN);
    // Typing in the late-minutes or note fields is not a command.
    if (Number.isNaN(index) || target.closest("form")) return;
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

  const names = useMemo(() => rowNames(register.rows.map((r) => r.student)), [register.rows]);
  const stale = queueState.oldestWaitingAt !== null && queueState.oldestWaitingAt < startOfToday();

  return (
    <div className="flex flex-col gap-4">
      {readOnlyMessage ? (
        <p role="status" className="rounded-md border border-border bg-muted p-3">
          {readOnlyMessage}
        </p>
      ) : null}
      {!queueState.online ? (
        <p role="status" className="rounded-md border border-border bg-muted p-3">
          {s.offline}
        </p>
      ) : null}
      {stale ? <p role="alert" className="rounded-md border border-destructive p-3 text-destructive">{s.stale}</p> : null}
      {queueState.storage !== "durable" && queueState.ready ? <p className="rounded-md border border-border bg-muted p-3">{s.storageMemory}</p> : null}
      {query.isError ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-destructive">
          {fmt(s.pollFailed, { message: query.error.message })}
        </p>
      ) : null}

      <section aria-label={s.countsLabel} className="sticky top-0 z-10 flex flex-col gap-3 rounded-lg border border-border bg-card p-3">
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-base">
          {MARK_STATUSES.map((status) => (
            <li key={status}>
              {s.status[status]}: <span className="font-semibold tabular-nums" data-testid={`count-${status}`}>{fmt("{n}", { n: counts[status] })}</span>
            </li>
          ))}
          <li>{counts.unmarked > 0 ? fmt(s.notMarked, { n: counts.unmarked }) : s.allMarked}</li>
        </ul>
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" aria-live="polite" className={cn("rounded-full border px-3 py-1 text-sm", queueState.waiting > 0 ? "border-primary text-primary" : "border-border text-muted-foreground")}>
            {queueState.waiting > 0 ? fmt(s.waiting, { n: queueState.waiting }) : s.allSaved}
          </p>
          {queueState.failed > 0 ? (
            <>
              <p role="alert" className="text-sm text-destructive">{fmt(s.failedCount, { n: queueState.failed })}</p>
              <Button variant="outline" onClick={() => queue?.retryFailed()}>
                {s.retryAll}
              </Button>
            </>
          ) : null}
          {!readOnly && counts.unmarked > 0 ? (
            <Button onClick={() => queue?.markMany(allPresent(register))} disabled={!queue}>
              {s.allPresent}
            </Button>
          ) : null}
          {endHref ? (
            <Link href={endHref} className={buttonVariants({ variant: "outline" })}>
              {endLabel}
            </Link>
          ) : null}
        </div>
        {counts.unmarkedIds.length > 0 && counts.unmarkedIds.length < counts.total ? (
          <details>
            <summary className="flex min-h-11 cursor-pointer items-center text-sm">{s.whoNotMarked}</summary>
            <ul className="list-disc ps-6 text-sm">
              {counts.unmarkedIds.map((id) => (
                <li key={id}>{names.get(id)}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <p className="text-sm text-muted-foreground">{s.statusKeys}</p>
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
    </div>
  );
}

const STATUS_STYLE: Record<MarkStatus, string> = {
  present: "border-emerald-700 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  absent: "border-red-700 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  late: "border-amber-700 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  excused: "border-sky-700 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
};

type RowProps = {
  row: RegisterRow;
  name: string;
  index: number;
  strings: LiveStrings;
  fmt: (template: string, vars: Record<string, string | number>) => string;
  readOnly: boolean;
  onMark: (studentId: string, value: MarkValue | MarkStatus) => void;
  onRetry: () => void;
  onDiscard: () => void;
  buttonRef: (el: HTMLButtonElement | null) => void;
};

function RosterRow({ row, name, index, strings: s, fmt, readOnly, onMark, onRetry, onDiscard, buttonRef }: RowProps) {
  const status = row.mark?.status ?? null;
  const statusText = status ? s.status[status] : s.status.unmarked;
  const disabled = readOnly || !row.eligible;
  const state =
    row.state === "failed"
      ? fmt(s.row.failed, { reason: row.reason ?? "" })
      : row.state === "pending"
        ? row.sending
          ? s.row.sending
          : s.row.pending
        : row.state === "saved"
          ? s.row.saved
          : s.row.unmarked;
  const stateId = `row-state-${row.student.id}`;

  return (
    <li data-row-index={index} className="flex flex-col gap-2 p-3">
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={buttonRef}
          type="button"
          disabled={disabled}
          aria-label={fmt(s.tapToCycle, { name, status: statusText })}
          aria-describedby={stateId}
          onClick={() => {
            const next = status === null ? "present" : MARK_STATUSES[(MARK_STATUSES.indexOf(status) + 1) % MARK_STATUSES.length]!;
            onMark(row.student.id, next);
          }}
          className={cn(
            "flex min-h-14 min-w-0 flex-1 basis-56 touch-manipulation items-center justify-between gap-3 rounded-md border-2 px-4 text-start text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed",
            status ? STATUS_STYLE[status] : "border-dashed border-border bg-card",
          )}
        >
          <span className="font-medium">{name}</span>
          <span className="font-semibold">{statusText}</span>
        </button>
        <div className="flex gap-1" role="group" aria-label={name}>
          {MARK_STATUSES.map((value) => (
            <button
              key={value}
              type="button"
              disabled={disabled}
              aria-pressed={status === value}
              aria-label={fmt(s.setStatus, { name, status: s.status[value] })}
              onClick={() => onMark(row.student.id, value)}
              className={cn(
                "min-h-11 min-w-11 touch-manipulation rounded-md border px-2 text-sm font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50",
                status === value ? STATUS_STYLE[value] : "border-border bg-card",
              )}
            >
              {s.status[value]}
            </button>
          ))}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span id={stateId} className={cn(row.state === "failed" ? "text-destructive" : "text-muted-foreground")}>
          {row.eligible ? state : fmt(s.row.ineligible, { status: (s.studentStatus as Record<string, string>)[row.student.status] ?? row.student.status })}
        </span>
        {row.state === "failed" ? (
          <>
            <Button size="sm" variant="outline" className="min-h-11" onClick={onRetry}>
              {s.row.retry}
            </Button>
            <Button size="sm" variant="ghost" className="min-h-11" onClick={onDiscard}>
              {s.row.discard}
            </Button>
          </>
        ) : null}
      </div>
      {row.eligible && !readOnly && row.mark ? <DetailsEditor key={`${row.mark.status}:${row.mark.late_minutes}:${row.mark.note}`} row={row} name={name} strings={s} fmt={fmt} onMark={onMark} /> : null}
    </li>
  );
}

function DetailsEditor({ row, name, strings: s, fmt, onMark }: Pick<RowProps, "row" | "strings" | "fmt" | "onMark"> & { name: string }) {
  const mark = row.mark!;
  const [late, setLate] = useState(mark.late_minutes != null ? String(mark.late_minutes) : "");
  const [note, setNote] = useState(mark.note ?? "");
  const id = row.student.id;
  const lateValue = late.trim() === "" ? null : Number(late);
  const lateValid = lateValue === null || (Number.isInteger(lateValue) && lateValue >= 0 && lateValue <= 600);
  return (
    <details className="text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center">{fmt(s.row.details, { name })}</summary>
      <form
        className="flex flex-wrap items-end gap-3 pt-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!lateValid) return;
          onMark(id, { status: lateValue !== null ? "late" : mark.status, late_minutes: lateValue, note: note.trim() || null });
        }}
      >
        <label className="flex flex-col gap-1">
          <span>{s.row.lateMinutes}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={600}
            value={late}
            aria-invalid={!lateValid}
            onChange={(e) => setLate(e.target.value)}
            className="h-11 w-28 rounded-md border border-border bg-card px-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          />
        </label>
        <label className="flex min-w-48 flex-1 flex-col gap-1">
          <span>{s.row.note}</span>
          <input
            type="text"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className="h-11 rounded-md border border-border bg-card px-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          />
        </label>
        <Button type="submit" variant="outline" disabled={!lateValid}>
          {s.row.apply}
        </Button>
      </form>
    </details>
  );
}
