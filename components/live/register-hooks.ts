"use client";

/** The register's behaviour apart from its layout: why it is read-only, marking with undo, and the keyboard. */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { reuseRows, type Register, type RegisterRow } from "@/lib/features/live/merge";
import type { LiveQueue, QueueSnapshot } from "@/lib/features/live/outbox/queue";
import type { MarkStatus, MarkValue } from "@/lib/features/live/types";
import type { UndoEntry } from "./undo-toast";

/** Why each kind of write is refused, already translated; null when allowed (see LiveRegister's props). */
export type Refusals = { marks: string | null; recitations: string | null; end: string | null; school: string | null };

/**
 * The reasons the register is read-only: the page's (ended session, not the actor's), a poll that
 * finds the session ended meanwhile (`ended`), and a write the school refused for every write
 * (`blocked`, which the teacher may try again).
 */
export function useReadOnly(
  refusals: Refusals,
  ended: string | null,
  queue: LiveQueue | null,
  queueState: QueueSnapshot,
) {
  const [schoolBlockLifted, setSchoolBlockLifted] = useState(false);
  const schoolBlock = schoolBlockLifted ? null : refusals.school;
  const blocked = queueState.writeBlocked ?? schoolBlock;
  const marks = ended ?? refusals.marks ?? blocked;
  const recitations = ended ?? refusals.recitations ?? blocked;
  const end = ended ?? refusals.end ?? blocked;
  const tryAgain = () => {
    setSchoolBlockLifted(true);
    queue?.clearWriteBlock();
    queue?.retryFailed();
  };
  const reasons = [...new Set([marks, recitations].filter((r): r is string => r !== null))];
  return { marks, recitations, end, blocked, schoolBlock, reasons, tryAgain };
}

/**
 * A callback whose identity never changes and that calls the latest render's `fn`: the roster's
 * rows are memoized, and a handler that changed with every mark would re-render all of them.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/** The merged register with the previous render's row objects wherever a student's row is unchanged (reuseRows). */
export function useStableRows(merged: Register): Register {
  const [kept, setKept] = useState({ merged, register: merged });
  if (kept.merged === merged) return kept.register;
  const rows = reuseRows(kept.register.rows, merged.rows);
  const register =
    rows === kept.register.rows && JSON.stringify(kept.register.orphans) === JSON.stringify(merged.orphans)
      ? kept.register
      : { ...merged, rows };
  // Storing what was derived from the previous render during render: React's documented pattern for it.
  setKept({ merged, register });
  return register;
}

/** Setting a status through the queue, with the last change undoable (a first mark has nothing to go back to). */
export function useMarking(queue: LiveQueue | null, rows: readonly RegisterRow[], names: ReadonlyMap<string, string>) {
  const [undo, setUndo] = useState<UndoEntry | null>(null);
  const rowsById = useMemo(() => new Map(rows.map((row) => [row.student.id, row])), [rows]);
  const setMark = useStableCallback((studentId: string, value: MarkValue | MarkStatus) => {
    if (!queue) return;
    const previous = rowsById.get(studentId)?.mark ?? null;
    if (typeof value === "string") {
      // Setting the status a row already has (a double tap) is no change: nothing to send, nothing to undo.
      if (previous?.status === value) return;
      // A first mark has nothing to go back to: the API cannot remove an attendance row.
      if (previous)
        setUndo({ id: Date.now(), studentId, name: names.get(studentId) ?? studentId, previous, next: value });
    }
    queue.mark(studentId, value);
  });
  const undoLast = useCallback(
    (entry: UndoEntry) => {
      queue?.mark(entry.studentId, entry.previous);
      setUndo(null);
    },
    [queue],
  );
  const clearUndo = useCallback(() => setUndo(null), []);
  return { setMark, undo, undoLast, clearUndo };
}

const STATUS_KEYS = { p: "present", a: "absent", l: "late", e: "excused" } as const;

/** Keyboard on the roster: arrows move between rows, P/A/L/E set the focused row's status. */
export function useRosterKeys(
  rows: readonly RegisterRow[],
  readOnly: boolean,
  setMark: (studentId: string, status: MarkStatus) => void,
) {
  const rowButtons = useRef(new Map<number, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    const index = Number(target.closest<HTMLElement>("[data-row-index]")?.dataset.rowIndex ?? NaN);
    // Typing in the late-minutes, note or recitation fields is not a command.
    if (Number.isNaN(index) || target.closest("form, details, dialog") || target.matches("input, select, textarea"))
      return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const button = rowButtons.current.get(index + (event.key === "ArrowDown" ? 1 : -1));
      if (button) {
        event.preventDefault();
        button.focus();
      }
      return;
    }
    if (readOnly || event.ctrlKey || event.metaKey || event.altKey) return;
    const status = STATUS_KEYS[event.key.toLowerCase() as keyof typeof STATUS_KEYS];
    const row = rows[index];
    if (status && row?.eligible) {
      event.preventDefault();
      setMark(row.student.id, status);
    }
  };
  // One ref callback per index, kept while the roster's length is: a new one each render would re-render every row.
  const buttonRefs = useMemo(
    () =>
      Array.from({ length: rows.length }, (_, index) => (el: HTMLButtonElement | null) => {
        if (el) rowButtons.current.set(index, el);
        else rowButtons.current.delete(index);
      }),
    [rows.length],
  );
  return { onKeyDown, buttonRefs };
}
