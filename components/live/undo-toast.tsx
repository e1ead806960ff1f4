"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import type { MarkStatus, MarkValue } from "@/lib/features/live/types";
import { useSeparator, useT } from "@/lib/i18n/client";

export type UndoEntry = { id: number; studentId: string; name: string; previous: MarkValue; next: MarkStatus };

/** Long enough to notice a wrong tap and reach the button, short enough not to cover the roster for long. */
export const UNDO_MS = 8000;

/**
 * How long "Mark the rest present" and a recorded recitation wait in the queue before they are sent:
 * the API can neither remove an attendance row nor change or delete a recitation, so this window is
 * the only undo that leaves no trace on the server.
 */
export const UNDO_WINDOW_MS = 10_000;

/** Work held in its undo window, as the slot shows it. */
export type HeldWork = {
  marks: number;
  recitations: number;
  recitationName: string | null;
  until: number | null;
  startedAt: number;
};

/** What the last undo of held work did, in the teacher's words, and when (Date.now()). */
export type UndoNote = { text: string; at: number };

type SlotItem = "held" | "entry" | "note";

/**
 * Which of the three the slot shows: the newest. A note answers the Undo just tapped, so it shows over an
 * older status change's offer still in its 8 s (the offer comes back if it outlives the note, which it
 * cannot: it is older and lasts as long); work held at the same moment as a status change wins the tie.
 */
export function newestInSlot(
  entry: UndoEntry | null,
  heldSince: number | null,
  note: UndoNote | null,
): SlotItem | null {
  let shown: SlotItem | null = null;
  let since = -Infinity;
  // Strictly newer replaces, so on a tie the earlier in this list wins.
  for (const [item, at] of [
    ["note", note?.at],
    ["held", heldSince],
    ["entry", entry?.id],
  ] as const) {
    if (at != null && at > since) [shown, since] = [item, at];
  }
  return shown;
}

/** Whole seconds left until `until` (null: nothing held), ticking while something is held. */
export function useSecondsLeft(until: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  if (until === null) return null;
  return Math.min(UNDO_WINDOW_MS / 1000, Math.max(0, Math.ceil((until - now) / 1000)));
}

type Props = {
  entry: UndoEntry | null;
  held: HeldWork;
  note: UndoNote | null;
  onUndo: (entry: UndoEntry) => void;
  onUndoHeld: () => void;
  onExpire: () => void;
  onNoteExpire: () => void;
};

/**
 * The register's undo, in a slot laid over the counts line of the sticky bar (which holds no control):
 * it covers no row at any width, and a button only while a long sentence needs the line below. It shows
 * the latest of a status change (8 s) or work held in its undo window (with its countdown). Undo of a
 * status queues the previous value again.
 */
export function UndoSlot({ entry, held, note, onUndo, onUndoHeld, onExpire, onNoteExpire }: Props) {
  const t = useT("live");
  const seconds = useSecondsLeft(held.until);
  const separator = useSeparator();
  useEffect(() => {
    if (!entry) return;
    const timer = setTimeout(onExpire, UNDO_MS);
    return () => clearTimeout(timer);
  }, [entry, onExpire]);
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(onNoteExpire, UNDO_MS);
    return () => clearTimeout(timer);
  }, [note, onNoteExpire]);

  const holding = seconds !== null && (held.marks > 0 || held.recitations > 0);
  const shown = newestInSlot(entry, holding ? held.startedAt : null, note);
  let content: { text: string; detail?: string; onClick?: () => void } | null = null;
  if (shown === "held" && seconds !== null) {
    const marks = held.marks > 0 ? t("undo.restPresent", { n: held.marks, s: seconds }) : null;
    const recs =
      held.recitations > 0
        ? t("undo.recitation", { n: held.recitations, name: held.recitationName ?? "", s: seconds })
        : null;
    const detail = [marks ? t("undo.restPresentFinal") : null, recs ? t("undo.recitationFinal") : null]
      .filter(Boolean)
      .join(" ");
    content = { text: [marks, recs].filter(Boolean).join(separator), detail, onClick: onUndoHeld };
  } else if (shown === "entry" && entry) {
    content = {
      text: t("undo.message", {
        name: entry.name,
        status: t(`status.${entry.next}`),
        previous: t(`status.${entry.previous.status}`),
      }),
      onClick: () => onUndo(entry),
    };
  } else if (shown === "note" && note) content = { text: note.text };

  return (
    // At least the counts line's height, and taller when its whole sentence needs it (on a phone a recitation's
    // does): then it lies over the status line below for its few seconds rather than cut its own words.
    <div role="status" aria-live="polite" className="pointer-events-none absolute inset-x-0 top-0 z-10 flex min-h-full">
      {content ? (
        <div className="pointer-events-auto flex min-w-0 flex-1 items-center gap-3 rounded-md bg-foreground px-3 py-1 text-background">
          <p className="flex min-w-0 flex-1 flex-col text-sm leading-tight">
            <span>{content.text}</span>
            {content.detail ? <span className="text-xs opacity-90">{content.detail}</span> : null}
          </p>
          {content.onClick ? (
            <Button variant="outline" className="shrink-0 text-foreground" onClick={content.onClick}>
              {t("undo.action")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
