import "server-only";
import ExcelJS from "exceljs";
import type { TableCell } from "./csv";

/**
 * The XLSX twin of `toCsv` (lib/csv.ts), for every server-side export: one sheet, the header row
 * bold and frozen, right to left for a reader of Arabic or Urdu. Text is written as text cells,
 * never as formulas, so a name typed as `=1+1` stays that text in Excel and LibreOffice with no
 * apostrophe; numbers stay numbers. Unicode throughout: Arabic opens as it is, with no import dialog.
 */
export async function toXlsx(
  header: readonly string[],
  rows: readonly (readonly TableCell[])[],
  options: { sheet: string; rightToLeft: boolean },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Halqa dashboard";
  const sheet = workbook.addWorksheet(sheetName(options.sheet), {
    views: [{ state: "frozen", ySplit: 1, rightToLeft: options.rightToLeft }],
  });
  sheet.addRow([...header]).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((cell) => (cell === null || cell === undefined ? null : cell)));
  sheet.columns.forEach((column, index) => {
    const longest = Math.max(header[index]?.length ?? 0, ...rows.map((row) => String(row[index] ?? "").length));
    column.width = Math.min(60, Math.max(8, longest + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Excel's rules for a sheet's name: at most 31 characters, none of `[]:*?/\`. */
function sheetName(name: string): string {
  return (
    name
      .replace(/[[\]:*?/\\]/g, " ")
      .trim()
      .slice(0, 31) || "Sheet1"
  );
}
