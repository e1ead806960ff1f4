import type { AttendanceRow, Recitation, Session } from "@/lib/contract";
import type { ExportTable } from "@/lib/csv";
import type { Translate } from "@/lib/i18n/core";
import { localDigits } from "@/lib/i18n/digits";
import type { Locale, Numerals } from "@/lib/i18n/locales";

/**
 * A halqa's attendance and recitations between two dates as one table (written as CSV or XLSX by
 * lib/web/export-response.ts): one line per attendance row and per recitation, in session order,
 * headings in the reader's language. Its numbers (dates, minutes, ranges, ratings, mistakes) in the
 * school's digits, as its pages write them; record ids and the recorded-at instants (ISO 8601, for a
 * program to read) as the API gives them.
 */
export const EXPORT_MAX_DAYS = 400;

export type ExportInput = {
  sessions: readonly Session[];
  attendance: readonly AttendanceRow[];
  recitations: readonly Recitation[];
  names: ReadonlyMap<string, string>;
};

const COLUMNS = [
  "kind",
  "date",
  "session",
  "student",
  "studentId",
  "status",
  "lateMinutes",
  "recitationKind",
  "range",
  "rating",
  "mistakes",
  "note",
  "recordedAt",
] as const;

/** How the reader writes numbers: their language and their school's digits. */
export type ExportDigits = { locale: Locale; numerals: Numerals };

export function progressTable(
  { sessions, attendance, recitations, names }: ExportInput,
  t: Translate,
  digits?: ExportDigits,
): ExportTable {
  const local = (value: string | number | null) =>
    value === null || !digits ? value : localDigits(String(value), digits.locale, digits.numerals);
  const dateOf = new Map(sessions.map((s) => [s.id, s.date]));
  const order = new Map(sessions.map((s, i) => [s.id, i]));
  const name = (id: string) => names.get(id) ?? id;
  const lines: { at: number; kind: number; cells: (string | number | null)[] }[] = [];
  for (const row of attendance) {
    lines.push({
      at: order.get(row.session_id) ?? -1,
      kind: 0,
      cells: [
        t("glance.export.attendance"),
        local(dateOf.get(row.session_id) ?? ""),
        row.session_id,
        name(row.student_id),
        row.student_id,
        t(`live.status.${row.status}`),
        local(row.late_minutes),
        null,
        null,
        null,
        null,
        row.note,
        row.updated_at,
      ],
    });
  }
  for (const r of recitations) {
    const range = `${r.range.start.surah}:${r.range.start.ayah}–${r.range.end.surah}:${r.range.end.ayah}`;
    lines.push({
      at: order.get(r.session_id) ?? -1,
      kind: 1,
      cells: [
        t("glance.export.recitation"),
        local(dateOf.get(r.session_id) ?? ""),
        r.session_id,
        name(r.student_id),
        r.student_id,
        null,
        null,
        t(`live.recitation.kinds.${r.kind}`),
        local(range),
        local(r.rating),
        local(r.mistakes),
        r.note,
        r.recorded_at,
      ],
    });
  }
  lines.sort((a, b) => a.at - b.at || a.kind - b.kind);
  return { header: COLUMNS.map((column) => t(`glance.export.${column}`)), rows: lines.map((line) => line.cells) };
}

/** `from` and `to` as school dates (YYYY-MM-DD), `from` not after `to`, at most EXPORT_MAX_DAYS apart; else null. */
export function exportRange(from: string | null, to: string | null): { from: string; to: string } | null {
  const valid = (d: string | null): d is string =>
    d !== null &&
    /^\d{4}-\d{2}-\d{2}$/.test(d) &&
    !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
    new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;
  if (!valid(from) || !valid(to) || from > to) return null;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days <= EXPORT_MAX_DAYS ? { from, to } : null;
}
