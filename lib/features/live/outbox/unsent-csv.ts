/**
 * The work this device has not got onto the school's server, as CSV a teacher can keep when the
 * school refuses changes (UTF-8 with a BOM, so spreadsheets read Arabic names). Browser-safe: no
 * server code. Written by lib/csv.ts, as every export: a cell a spreadsheet would run as a formula
 * gets a leading apostrophe.
 */
import { toCsv } from "@/lib/csv";
import type { QueuedMark, QueuedRecitation } from "../types";

export const UNSENT_HEADINGS = [
  "type",
  "student",
  "what",
  "detail",
  "changedAt",
  "reason",
  "mark",
  "recitation",
] as const;
export type UnsentHeadings = Record<(typeof UNSENT_HEADINGS)[number], string>;

export function unsentCsv(input: {
  marks: readonly QueuedMark[];
  recitations: readonly QueuedRecitation[];
  nameOf: (studentId: string) => string;
  statusLabel: (status: QueuedMark["value"]["status"]) => string;
  kindLabel: (kind: QueuedRecitation["draft"]["kind"]) => string;
  headings: UnsentHeadings;
  /** A reason in the reader's words (a field error is a catalogue key); as kept when not given. */
  reasonText?: (reason: string) => string;
}): string {
  const { headings: h } = input;
  const reason = (kept: string | undefined) => (kept ? (input.reasonText?.(kept) ?? kept) : "");
  const rows: (string | number | null)[][] = [];
  for (const mark of input.marks) {
    const { status, late_minutes, note } = mark.value;
    const detail = [late_minutes !== null ? `${late_minutes} min` : null, note].filter(Boolean).join("; ");
    rows.push([
      h.mark,
      input.nameOf(mark.student_id),
      input.statusLabel(status),
      detail,
      new Date(mark.changedAt).toISOString(),
      reason(mark.reason),
    ]);
  }
  for (const rec of input.recitations) {
    const { kind, start, end, rating, mistakes, note } = rec.draft;
    const range = `${start.surah}:${start.ayah}-${end.surah}:${end.ayah}`;
    const detail = [range, `rating ${rating}`, mistakes !== null ? `mistakes ${mistakes}` : null, note]
      .filter(Boolean)
      .join("; ");
    rows.push([
      h.recitation,
      input.nameOf(rec.draft.student_id),
      input.kindLabel(kind),
      detail,
      rec.recorded_at,
      reason(rec.reason),
    ]);
  }
  return toCsv([h.type, h.student, h.what, h.detail, h.changedAt, h.reason], rows);
}
