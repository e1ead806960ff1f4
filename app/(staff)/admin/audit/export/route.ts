// v1 calls: 1 at most (the school's time zone from GET /school, memoized per connection and process).
import { auditActionLabel, auditChangeText, auditRecordName, auditTargetLabel } from "@/components/admin/audit-labels";
import { currentActor } from "@/lib/auth/session";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { AUDIT_EXPORT_LIMIT } from "@/lib/features/admin/audit";
import { loadAuditExport } from "@/lib/features/admin/audit-view";
import { getI18n } from "@/i18n/server";
import { exportFormat, exportResponse } from "@/lib/web/export-response";
import { notFoundAnswer, signedOutAnswer } from "@/lib/web/staff-json";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The audit log as CSV (UTF-8 with a BOM) or XLSX (`format`), with the page's filters. Checked like the page: signed
 * out 401; anyone but an admin who may read the log 404 (as the page, which does not admit it
 * exists); the rows are only the admin's own school's, and a person filter naming someone of
 * another school is dropped.
 */
export async function GET(request: Request): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return signedOutAnswer();
  if (actor.role !== "admin" || !can.viewAuditLog(await subjectOf(actor))) return notFoundAnswer();
  const { t, date, timeZone, locale } = await getI18n();
  const { format: formatParam, ...params } = Object.fromEntries(new URL(request.url).searchParams);
  const format = exportFormat(formatParam ?? null);
  if (!format)
    return new Response(t("glance.export.badFormat"), {
      status: 400,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  const { rows, truncated } = await loadAuditExport(actor, params, timeZone);
  const header = (
    [
      "when",
      "who",
      "email",
      "action",
      "code",
      "result",
      "reason",
      "target",
      "targetType",
      "targetId",
      "changes",
    ] as const
  ).map((column) => t(`admin.audit.csv.${column}`));
  const day = (value: string) => date(value).replace(/[\u2068\u2069]/g, "");
  const body = rows.map((row) => [
    date(row.at, { time: true }).replace(/[\u2068\u2069]/g, ""),
    row.who ?? t("admin.audit.unknownUser"),
    row.email,
    auditActionLabel(t, row.action),
    row.action,
    t(`admin.audit.results.${row.result}`),
    row.reason ? t(row.reason) : null,
    auditRecordName(t, day, row),
    row.targetType ? auditTargetLabel(t, row.targetType) : null,
    row.targetId,
    row.changes.map((change) => auditChangeText(t, change, day)).join("; "),
  ]);
  if (truncated) body.push([t("admin.audit.csvTruncated", { limit: AUDIT_EXPORT_LIMIT })]);
  const today = new Date().toISOString().slice(0, 10);
  return exportResponse(
    { header, rows: body },
    { format, filename: `audit-log-${today}`, sheet: t("admin.audit.title"), locale },
  );
}
