"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { RegisterRow } from "@/lib/features/live/merge";
import type { MarkStatus, MarkValue } from "@/lib/features/live/types";
import { useDigits, useT } from "@/lib/i18n/client";
import { toLatinDigits } from "@/lib/i18n/digits";
import { RecitationEntry, type RecitationPanelProps } from "./recitation-panel";

export type StudentSheetProps = {
  row: RegisterRow;
  name: string;
  readOnly: boolean;
  /** The recitation entry's props but those of the row; null hides it (ineligible student). */
  recitation: Omit<RecitationPanelProps, "studentId" | "name" | "recitations"> | null;
  onMark: (studentId: string, value: MarkValue | MarkStatus) => void;
  onClose: () => void;
};

/**
 * One student's recitations, late minutes and note, in a modal dialog over the roster: opening it
 * never moves the other rows, and the teacher's place in the list is where it was on closing.
 */
export function StudentSheet({ row, name, readOnly, recitation, onMark, onClose }: StudentSheetProps) {
  const t = useT("live");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Recitations are what a teacher opens this for; late minutes lead only for a student marked late.
  const late = row.mark?.status === "late";
  const details =
    row.eligible && !readOnly && row.mark ? (
      <DetailsEditor
        key={`${row.mark.status}:${row.mark.late_minutes}:${row.mark.note}`}
        row={row}
        name={name}
        onMark={onMark}
      />
    ) : null;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      // On a phone the sheet is the whole screen: every pixel of its height for the passage, the counters and Record.
      className="m-auto max-h-[90dvh] w-[min(44rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-border bg-background p-4 text-foreground shadow-xl backdrop:bg-black/40 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:rounded-none max-sm:border-0 max-sm:p-3"
    >
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold sm:text-xl">
          {t("row.moreFor", { name })}
        </h2>
        <Button variant="outline" onClick={() => ref.current?.close()}>
          {t("row.close")}
        </Button>
      </div>
      {details && late ? details : null}
      {row.eligible && recitation ? (
        <RecitationEntry {...recitation} studentId={row.student.id} name={name} recitations={row.recitations} />
      ) : null}
      {details && !late ? <div className="mt-4">{details}</div> : null}
    </dialog>
  );
}

function DetailsEditor({ row, name, onMark }: Pick<StudentSheetProps, "row" | "name" | "onMark">) {
  const t = useT("live");
  const mark = row.mark!;
  const [late, setLate] = useState(mark.late_minutes != null ? String(mark.late_minutes) : "");
  const [note, setNote] = useState(mark.note ?? "");
  const digits = useDigits();
  const lateValue = late.trim() === "" ? null : Number(late);
  const lateValid = lateValue === null || (Number.isInteger(lateValue) && lateValue >= 0 && lateValue <= 600);
  const field =
    "h-11 rounded-md border border-border bg-card px-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";
  return (
    <form
      aria-label={t("row.details", { name })}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-md border border-border p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (!lateValid) return;
        onMark(row.student.id, {
          status: lateValue !== null ? "late" : mark.status,
          late_minutes: lateValue,
          note: note.trim() || null,
        });
      }}
    >
      <label className="flex flex-col gap-1">
        <span>{t("row.lateMinutes")}</span>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={digits(late)}
          aria-invalid={!lateValid}
          onChange={(e) => setLate(toLatinDigits(e.target.value).replace(/[^0-9]/g, ""))}
          className={`${field} w-28`}
        />
      </label>
      <label className="flex min-w-48 flex-1 flex-col gap-1">
        <span>{t("row.note")}</span>
        <input type="text" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} className={field} />
      </label>
      <Button type="submit" variant="outline" disabled={!lateValid}>
        {t("row.apply")}
      </Button>
    </form>
  );
}
