import "server-only";
import type { ExportTable } from "@/lib/csv";
import type { Translate } from "@/lib/i18n/core";
import { dashboardDb } from "@/lib/db";
import { recordNames } from "@/lib/features/students/display-names";
import { progressTable, type ExportDigits } from "./export-table";
import { halqaHistory, halqaStudents } from "./read-model";

/** A halqa's attendance and recitations between two school dates, from the progress read model, as an export table. */
export async function halqaExportTable(
  scope: { connectionId: string; tenantId: string },
  halqaId: string,
  range: { from: string; to: string },
  t: Translate,
  digits: ExportDigits,
): Promise<ExportTable> {
  const db = await dashboardDb();
  const [history, students] = await Promise.all([
    halqaHistory(scope, halqaId, range, db),
    halqaStudents(scope, halqaId, db),
  ]);
  return progressTable({ ...history, names: recordNames(students) }, t, digits);
}
