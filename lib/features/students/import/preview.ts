import "server-only";
import { clientFor } from "@/lib/connections";
import { dateIn } from "@/lib/dates";
import { translator } from "@/lib/i18n/core";
import { LOCALES } from "@/lib/i18n/locales";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import {
  checkRows,
  IMPORT_COLUMNS,
  readHeader,
  valuesOf,
  type CheckedRow,
  type ImportColumn,
  type ImportValues,
} from "./check-rows";
import { FIELD_LABELS } from "./fields";
import { readImportFile, type FileProblem } from "./read-file";

export type ImportPreview =
  | { ok: false; problem: FileProblem }
  | { ok: false; problem: { key: "missingColumns"; values: { columns: string } } }
  | { ok: true; kind: "csv" | "xlsx"; ignored: string[]; rows: CheckedRow[] };

/** A column's header in every language the product speaks: a file made by a colleague reading French reads too. */
function columnLabels(): Record<ImportColumn, string[]> {
  const labels = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, [] as string[]])) as Record<
    ImportColumn,
    string[]
  >;
  for (const locale of LOCALES) {
    const t = translator(locale);
    for (const column of IMPORT_COLUMNS) labels[column].push(t(`students.form.${FIELD_LABELS[column]}`));
  }
  return labels;
}

/** The semester's halqas and students, as the school has them now. v1 calls: listHalqas and listStudents of the semester (one per 100). */
async function schoolNow(connectionId: string, semesterId: string) {
  const client = clientFor(connectionId);
  const [school, halqas, students] = await Promise.all([
    client.tenant(),
    client.listAll("listHalqas", { query: { semester_id: semesterId, limit: API_PAGE_SIZE } }),
    client.listAll("listStudents", { query: { semester_id: semesterId, limit: API_PAGE_SIZE } }),
  ]);
  return { halqas: halqas.items, existing: students.items, semesterId, today: dateIn(school.time_zone) };
}

export async function previewImportFile(
  connectionId: string,
  semesterId: string,
  bytes: Uint8Array,
): Promise<ImportPreview> {
  const reading = await readImportFile(bytes);
  if (!reading.ok) return reading;
  const header = readHeader(reading.table.header, columnLabels());
  if (header.missing.length)
    return { ok: false, problem: { key: "missingColumns", values: { columns: header.missing.join(", ") } } };
  const rows = reading.table.rows.map((row) => ({ line: row.line, values: valuesOf(row.cells, header.columns) }));
  return {
    ok: true,
    kind: reading.kind,
    ignored: header.ignored,
    rows: checkRows(rows, await schoolNow(connectionId, semesterId)),
  };
}

export async function checkImport(
  connectionId: string,
  semesterId: string,
  rows: { line: number; values: ImportValues }[],
): Promise<CheckedRow[]> {
  return checkRows(rows, await schoolNow(connectionId, semesterId));
}
