/** Byte order mark: spreadsheet programs read the file as UTF-8 (Arabic names intact). */
export const CSV_BOM = "\uFEFF";

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a
 * tab or a carriage return, after any leading spaces) gets a leading apostrophe, so a name or
 * reason typed by someone can never run as a formula; every cell is quoted, quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = /^[\s]*[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole CSV document: BOM, header row, rows; CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return CSV_BOM + [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
