"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import type { MarkStatus, MarkValue } from "@/lib/features/live/types";
import { useT } from "@/lib/i18n/client";

export type UndoEntry = { id: number; studentId: string; name: string; previous: MarkValue; next: MarkStatus };

/** Long enough to notice a wrong tap and reach the button, short enough not to cover the roster for long. */
export const UNDO_MS = 8000;

type Props = { entry: UndoEntry | null; onUndo: (entry: UndoEntry) => void; onExpire: () => void };

/** The last status change of the register, with an Undo that queues the previous value again (so the server gets it back too). */
export function UndoToast({ entry, onUndo, onExpire }: Props) {
  const t = useT("live");
  useEffect(() => {
    if (!entry) return;
    const timer = setTimeout(onExpire, UNDO_MS);
    return () => clearTimeout(timer);
  }, [entry, onExpire]);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-30 flex justify-center px-4">
      {entry ? (
        <div className="pointer-events-auto flex items-center gap-4 rounded-lg border border-border bg-foreground px-4 py-2 text-background shadow-lg">
          <p>{t("undo.message", { name: entry.name, status: t(`status.${entry.next}`), previous: t(`status.${entry.previous.status}`) })}</p>
          <Button variant="outline" className="text-foreground" onClick={() => onUndo(entry)}>
            {t("undo.action")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
