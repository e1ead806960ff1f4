"use client";

import { memo, useState } from "react";
import { Button } from "@/components/ui/button";
import { STUDENT_STATUSES } from "@/lib/contract/enums";
import { useMessageText, useNumber, useT } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";
import { StatusControl } from "./status-control";
import type { RecitationPanelProps } from "./recitation-panel";
// The sheet stays in the first load: a teacher may open it the moment the register is up, offline
// (e2e/notebook.spec.ts), before a chunk loaded later could have arrived (issue 31, docs/scale.md).
import { StudentSheet, type StudentSheetProps } from "./student-sheet";

/** The recitation entry's props that are the same for every row: one object for the whole roster. */
export type RosterRecitation = Omit<NonNullable<StudentSheetProps["recitation"]>, "hear" | "initial">;

/**
 * Every prop keeps its identity while the row's student is unchanged (callbacks take the student's
 * id, the recitation props are shared), so a change of one row, a poll or the queue's start
 * re-renders only the rows it changed.
 */
type RowProps = Omit<StudentSheetProps, "onClose" | "recitation"> & {
  index: number;
  recitation: RosterRecitation | null;
  hear: RecitationPanelProps["hear"];
  initial: RecitationPanelProps["initial"];
  onRetry: (studentId: string) => void;
  onDiscard: (studentId: string) => void;
  buttonRef: (el: HTMLButtonElement | null) => void;
  /** Parents' reasons for this day (excuse requests), shown as text; the Excused button sets the mark in one tap. */
  excuses?: readonly string[];
};

/**
 * One line per student on a tablet: name and saved state, the four statuses, and the button to the
 * student's sheet. On a phone, two: the name with the sheet's button (its words kept for screen readers,
 * a book and the count on screen), then the four statuses across the whole width, so that seven students
 * fit a screen at 390×844 with every control still 44 px (issue 58).
 */
export const RosterRow = memo(function RosterRow({
  row,
  name,
  index,
  readOnly,
  recitation,
  hear,
  initial,
  onMark,
  onRetry,
  onDiscard,
  buttonRef,
  excuses = [],
}: RowProps) {
  const t = useT("live");
  const studentStatus = useT("students");
  const text = useMessageText();
  const number = useNumber();
  const [open, setOpen] = useState(Boolean(recitation && initial) && row.eligible);
  const disabled = readOnly || !row.eligible;
  const state =
    row.state === "failed"
      ? t("row.failed", { reason: text(row.reason ?? "") })
      : row.state === "pending"
        ? row.sending
          ? t("row.sending")
          : t("row.pending")
        : row.state === "saved"
          ? t("row.saved")
          : null;
  const stateText = row.eligible
    ? state
    : [
        t("row.ineligible", {
          status: isStudentStatus(row.student.status)
            ? studentStatus(`status.${row.student.status}`)
            : row.student.status,
        }),
        row.state === "failed" ? state : null,
      ]
        .filter(Boolean)
        .join(" — ");
  const savedCount = row.recitations.length;

  return (
    <li data-row-index={index} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1 sm:py-1.5">
      <div className="flex min-w-0 flex-1 basis-40 flex-col sm:min-w-36">
        <span className="truncate font-medium">{name}</span>
        <span
          className={cn(
            "min-h-4 text-xs",
            row.state === "failed"
              ? "text-destructive"
              : row.state === "saved"
                ? "text-emerald-800 dark:text-emerald-300"
                : "text-muted-foreground",
          )}
        >
          {row.state === "saved" && row.eligible ? <span aria-hidden="true">✓ </span> : null}
          <span>{stateText}</span>
        </span>
        {excuses.map((reason, i) => (
          <span key={i} className="text-xs text-sky-900 dark:text-sky-200">
            {t("row.excuseRequested")} <bdi dir="auto">{reason}</bdi>
          </span>
        ))}
      </div>
      <StatusControl
        name={name}
        status={row.mark?.status ?? null}
        disabled={disabled}
        onSet={(status) => onMark(row.student.id, status)}
        firstRef={buttonRef}
      />
      {row.eligible && recitation ? (
        // The accessible name begins with the visible words (WCAG 2.5.3), then says whose: "Recitations and note 0 (Aboud)".
        <Button variant="outline" className="gap-1 px-3" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <BookIcon />
          <span className="max-sm:sr-only">{t("row.more")} </span>
          <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums">{number(savedCount)}</span>
          <span className="sr-only">{t("row.moreOf", { name })}</span>
        </Button>
      ) : null}
      {row.state === "failed" ? (
        <span className="flex basis-full flex-wrap gap-2">
          <Button size="sm" variant="outline" className="min-h-11" onClick={() => onRetry(row.student.id)}>
            {t("row.retry")}
          </Button>
          <Button size="sm" variant="ghost" className="min-h-11" onClick={() => onDiscard(row.student.id)}>
            {t("row.discard")}
          </Button>
        </span>
      ) : null}
      {open ? (
        <StudentSheet
          row={row}
          name={name}
          readOnly={readOnly}
          recitation={recitation && { ...recitation, hear, initial }}
          onMark={onMark}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </li>
  );
});

/** The sheet's sign on a phone, where its words are for screen readers only. */
function BookIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="sm:hidden" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2zM22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7z" />
    </svg>
  );
}

/** The school may send a status the contract does not list yet (an open enum): it is shown as sent. */
function isStudentStatus(status: string): status is (typeof STUDENT_STATUSES)[number] {
  return (STUDENT_STATUSES as readonly string[]).includes(status);
}
