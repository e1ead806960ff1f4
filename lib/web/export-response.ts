import "server-only";
import { tableCsv, type ExportTable } from "@/lib/csv";
import { isRightToLeft, type Locale } from "@/lib/i18n/locales";
import { toXlsx } from "@/lib/xlsx";

/** An export's file kinds: CSV (the default, and what every export offers) and XLSX beside it. */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The `format` query parameter: absent is CSV; anything but the two kinds is null (the caller answers 400). */
export function exportFormat(value: string | null): ExportFormat | null {
  if (value === null || value === "") return "csv";
  return (EXPORT_FORMATS as readonly string[]).includes(value) ? (value as ExportFormat) : null;
}

const TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** A download of the table as the chosen kind of file, named `<filename>.<format>`, never cached. */
export async function exportResponse(
  table: ExportTable,
  options: { format: ExportFormat; filename: string; sheet: string; locale: Locale },
): Promise<Response> {
  const body =
    options.format === "xlsx"
      ? new Uint8Array(
          await toXlsx(table.header, table.rows, { sheet: options.sheet, rightToLeft: isRightToLeft(options.locale) }),
        )
      : tableCsv(table);
  return new Response(body, {
    headers: {
      "Cache-Control": "no-store",
      "Content-Type": TYPES[options.format],
      "Content-Disposition": `attachment; filename="${options.filename}.${options.format}"`,
    },
  });
}
