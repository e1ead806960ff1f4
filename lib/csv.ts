/*
 * The one CSV writer of the product (every export: the audit log, a halqa's progress, a teacher's
 * unsent work). Browser-safe: no server code.
 */

import { INVISIBLE } from "./contract/invisible";

/** Byte order mark: spreadsheet programs read the file as UTF-8 (Arabic names intact). */
export const CSV_BOM = "\uFEFF";

/**
 * What may start a formula once leading spaces and invisible characters (lib/contract/invisible.ts: zero-width
 * space and joiners, the direction marks LRM, RLM and ALM, the soft hyphen, BOM…) are passed over:
 * `=`, `+`, `-`, `@` (Excel), their fullwidth forms (an input method may turn them into ASCII), `|`
 * (DDE), a tab or a carriage return. LibreOffice Calc, tried headless (csv.libreoffice.test.ts),
 * evaluates only a leading `=`; Excel evaluates more, so every one of these is defused.
 */
const FORMULA_START = new RegExp(`^[\\s${INVISIBLE.source}]*[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20|\\t\\r]`, "u");

/** What an export's cell may hold, in CSV (lib/csv.ts) and XLSX (lib/xlsx.ts) alike. */
export type TableCell = string | number | null | undefined;

/** An export before it is a file: its header (in the reader's language) and rows. */
export type ExportTable = { header: readonly string[]; rows: readonly (readonly TableCell[])[] };

/**
 * One CSV cell. A cell a spreadsheet could read as a formula (FORMULA_START) gets a leading
 * apostrophe, so a name or reason typed by someone can never run as a formula; every cell is
 * quoted, quotes doubled.
 */
export function csvCell(value: TableCell): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole CSV document: BOM, header row, rows; CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly TableCell[])[]): string {
  return CSV_BOM + [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** An export table as a CSV document. */
export function tableCsv(table: ExportTable): string {
  return toCsv(table.header, table.rows);
}
