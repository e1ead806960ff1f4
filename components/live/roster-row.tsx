"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { RegisterRow } from "@/lib/features/live/merge";
import { MARK_STATUSES, type MarkStatus, type MarkValue } from "@/lib/features/live/types";
import { cn } from "@/lib/utils";
import { RecitationPanel, type RecitationPanelProps } from "./recitation-panel";
import type { Format, LiveStrings } from "./strings";

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
  fmt: Format;
  readOnly: boolean;
  /** The recitation panel's props but those of the row; null hides the panel (ineligible student). */
  recitation: Omit<RecitationPanelProps, "studentId" | "name" | "recitations" | "strings" | "fmt"> | null;
  onMark: (studentId: string, value: MarkValue | MarkStatus) => void;
  onRetry: () => void;
  onDiscard: () => void;
  buttonRef: (el: HTMLButtonElement | null) => void;
};

export function RosterRow({ row, name, index, strings: s, fmt, readOnly, recitation, onMark, onRetry, onDiscard, buttonRef }: RowProps) {
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
          {/* A mark made before the student left the halqa: still say it was not saved, and why. */}
          {!row.eligible && row.state === "failed" ? ` — ${state}` : null}
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
      {row.eligible && recitation ? <RecitationPanel {...recitation} studentId={row.student.id} name={name} recitations={row.recitations} strings={s} fmt={fmt} /> : null}
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
