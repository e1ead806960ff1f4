import "server-only";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  XLSX_MAX_FILES,
  XLSX_MAX_ROWS_READ,
  XLSX_MAX_UNPACKED_BYTES,
} from "./limits";
import { zipSync, type Zippable } from "fflate";
import { unpackWithin } from "./unpack";

/**
 * An uploaded student list, read as a table of text: CSV (UTF-8, with or without a BOM, or UTF-16
 * with its BOM, as Excel's "Unicode text" saves it; comma, semicolon or tab) or XLSX (its first
 * sheet). Nothing is guessed that could garble a name: text that is not valid UTF-8 (a file saved
 * as Windows-1256 Arabic or Windows-1252) is refused with how to save it, not decoded by a guess.
 * A cell is only ever text: an XLSX formula is refused (its result may not be what the office sees),
 * a CSV cell starting with `=`, `+`, `-` or `@` is the text it says.
 */
export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "./limits";

export type ImportTable = { header: string[]; rows: { line: number; cells: string[] }[] };

/** Why a file cannot be read, as a catalogue key of `studentImport.file` and its values. */
export type FileProblem = {
  key:
    | "tooLarge"
    | "empty"
    | "tooManyRows"
    | "tooBig"
    | "notText"
    | "notTable"
    | "formula"
    | "emptyHeader"
    | "duplicateHeader"
    | "unreadable";
  values?: Record<string, string | number>;
};

export type FileReading = { ok: true; table: ImportTable; kind: "csv" | "xlsx" } | { ok: false; problem: FileProblem };

const ZIP = [0x50, 0x4b, 0x03, 0x04];

export async function readImportFile(bytes: Uint8Array): Promise<FileReading> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) return refuse("tooLarge", { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
  if (bytes.byteLength === 0) return refuse("empty");
  const isZip = ZIP.every((byte, i) => bytes[i] === byte);
  const grid = isZip ? await xlsxGrid(bytes) : csvGrid(bytes);
  if ("problem" in grid) return { ok: false, problem: grid.problem };
  const [header, ...rest] = trimGrid(grid.rows);
  if (!header) return refuse("empty");
  const names = header.map((cell) => cell.trim());
  const blank = names.findIndex((name) => name === "");
  if (blank >= 0) return refuse("emptyHeader", { column: blank + 1 });
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key)) return refuse("duplicateHeader", { name });
    seen.add(key);
  }
  const rows = rest
    .map((cells, index) => ({ line: index + 2, cells: names.map((_, column) => (cells[column] ?? "").trim()) }))
    .filter((row) => row.cells.some((cell) => cell !== ""));
  if (rows.length === 0) return refuse("empty");
  if (rows.length > IMPORT_MAX_ROWS) return refuse("tooManyRows", { max: IMPORT_MAX_ROWS, rows: rows.length });
  return { ok: true, kind: isZip ? "xlsx" : "csv", table: { header: names, rows } };
}

function refuse(key: FileProblem["key"], values?: FileProblem["values"]): FileReading {
  return { ok: false, problem: values ? { key, values } : { key } };
}

/** Trailing empty lines and columns past the last header dropped. */
function trimGrid(rows: string[][]): string[][] {
  let end = rows.length;
  while (end > 0 && rows[end - 1]!.every((cell) => cell.trim() === "")) end--;
  const kept = rows.slice(0, end);
  const header = kept[0];
  if (!header) return kept;
  let width = header.length;
  while (width > 0 && header[width - 1]!.trim() === "" && kept.every((row) => (row[width - 1] ?? "").trim() === ""))
    width--;
  return kept.map((row) => row.slice(0, width));
}

function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

function csvGrid(bytes: Uint8Array): { rows: string[][] } | { problem: FileProblem } {
  const text = decodeText(bytes);
  if (text === null) return { problem: { key: "notText" } };
  // A NUL in decoded text: a binary file (a PDF, an old .xls), not a table.
  if (text.includes("\u0000")) return { problem: { key: "notTable" } };
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: delimiterOf(text) });
  if (parsed.errors.some((error) => error.type === "Quotes")) return { problem: { key: "notTable" } };
  return { rows: parsed.data.map((row) => row.map((cell) => cell ?? "")) };
}

/** The separator the header line uses most: comma, semicolon (Excel where the decimal mark is a comma) or tab. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((delimiter) => ({ delimiter, count: header.split(delimiter).length }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).delimiter;
}

/**
 * The first sheet, read as a stream (exceljs's WorkbookReader) and only after the file was unpacked
 * within `XLSX_MAX_UNPACKED_BYTES`: a small file can unpack to a gigabyte of rows (a "zip bomb"), and
 * reading it whole held the server for 42 s. Reading stops at the first row or column past the
 * limits, so no upload costs more than a list at the limits would.
 */
async function xlsxGrid(bytes: Uint8Array): Promise<{ rows: string[][] } | { problem: FileProblem }> {
  const tooBig = {
    problem: { key: "tooBig", values: { max: IMPORT_MAX_ROWS, columns: IMPORT_MAX_COLUMNS } },
  } satisfies { problem: FileProblem };
  try {
    const files = await unpackWithin(bytes, { bytes: XLSX_MAX_UNPACKED_BYTES, files: XLSX_MAX_FILES });
    if (!files) return tooBig;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(readingOrder(files))]), {
      sharedStrings: "cache",
      styles: "cache",
      hyperlinks: "ignore",
      worksheets: "emit",
      entries: "ignore",
    });
    for await (const sheet of reader) {
      const rows: string[][] = [];
      let read = 0;
      let filled = 0;
      let formula: string | null = null;
      for await (const row of sheet) {
        if (++read > XLSX_MAX_ROWS_READ || row.number > XLSX_MAX_ROWS_READ || row.cellCount > IMPORT_MAX_COLUMNS)
          return tooBig;
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          if (cell.type === ExcelJS.ValueType.Formula) formula ??= cell.address;
          cells[column - 1] = cellText(cell);
        });
        if (!cells.some((cell) => cell && cell.trim() !== "")) continue;
        // The header and the limit's rows.
        if (++filled > IMPORT_MAX_ROWS + 1) return tooBig;
        rows[row.number - 1] = Array.from(cells, (cell) => cell ?? "");
      }
      if (formula) return { problem: { key: "formula", values: { cell: formula } } };
      // Only the first sheet: the list is there; the others are not read at all.
      return { rows: Array.from(rows, (row) => row ?? []) };
    }
    return { problem: { key: "empty" } };
  } catch {
    return { problem: { key: "unreadable" } };
  }
}

const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const NO_SHARED_STRINGS = new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

/**
 * The workbook's parts again, in the order exceljs's stream reader reads best: it reads a sheet as it
 * comes only once it has the workbook's relations and the shared strings, and Excel writes the sheets
 * first; such a sheet it copies to a temporary file first, which a read stopped at a limit would leave
 * behind, still open. So every other part goes first (an empty shared-strings part where there is
 * none), then the sheets; stored, not compressed again (at most `XLSX_MAX_UNPACKED_BYTES`).
 */
function readingOrder(files: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const parts: Zippable = {};
  for (const [name, bytes] of files) if (!WORKSHEET.test(name)) parts[name] = [bytes, { level: 0 }];
  if (!files.has("xl/sharedStrings.xml")) parts["xl/sharedStrings.xml"] = [NO_SHARED_STRINGS, { level: 0 }];
  for (const [name, bytes] of files) if (WORKSHEET.test(name)) parts[name] = [bytes, { level: 0 }];
  return zipSync(parts);
}

/** A cell as the office sees it: dates as YYYY-MM-DD, rich text as its words, numbers as written. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object" && "richText" in value) return value.richText.map((part) => part.text).join("");
  if (typeof value === "object" && "text" in value) return String(value.text);
  return String(value);
}
