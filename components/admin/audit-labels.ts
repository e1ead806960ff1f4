import { AUDIT_ACTIONS, AUDIT_TARGETS, isAuditAction, isAuditTarget } from "@/lib/features/admin/audit-actions";
import type { AuditChange, AuditView } from "@/lib/features/admin/audit";
import type { Translate } from "@/lib/i18n/core";
import { isMark, markLabel } from "@/components/sessions/mark-label";

/** An action in the reader's words; one the catalogue does not know, as recorded. */
export function auditActionLabel(t: Translate, action: string): string {
  return isAuditAction(action) ? t(`admin.audit.actions.${AUDIT_ACTIONS[action]}`) : action;
}

/** A kind of record in the reader's words; one the catalogue does not know, as recorded. */
export function auditTargetLabel(t: Translate, type: string): string {
  return isAuditTarget(type) ? t(`admin.audit.targets.${AUDIT_TARGETS[type]}`) : type;
}

const FIELDS = [
  "full_name",
  "preferred_name",
  "halqa_id",
  "status",
  "enrolled_on",
  "sheikh_id",
  "date",
  "starts_at",
  "topic",
] as const;
type Field = (typeof FIELDS)[number];
const isField = (value: string): value is Field => (FIELDS as readonly string[]).includes(value);

/** A record's name in the log: its own name, else where it belongs (a session: halqa and day; a recitation: student, halqa and day), else its kind. */
export function auditRecordName(
  t: Translate,
  date: (value: string) => string,
  row: Pick<AuditView, "targetType" | "targetLabel" | "context">,
): string | null {
  if (!row.targetType) return null;
  if (row.targetLabel) return row.targetLabel;
  const { student, halqa, day } = row.context ?? { student: null, halqa: null, day: null };
  const where = [halqa, day ? date(day) : null].filter(Boolean).join(", ");
  const parts = [student, where].filter(Boolean);
  return parts.length ? parts.join(", ") : auditTargetLabel(t, row.targetType);
}

function fieldValue(t: Translate, field: string, value: string | null, date: (value: string) => string): string {
  if (value === null || value === "") return t("admin.audit.changes.none");
  if (field === "status" && (value === "open" || value === "ended")) return t(`sessions.status.${value}`);
  if (field === "status" && isMark(value)) return markLabel(t, value);
  if ((field === "date" || field === "enrolled_on") && /^\d{4}-\d{2}-\d{2}$/.test(value)) return date(value);
  return value;
}

/** One change before → after in the reader's words: "Ammar: Absent → Present", "Status: Open → Ended". */
export function auditChangeText(t: Translate, change: AuditChange, date: (value: string) => string): string {
  if (change.kind === "mark")
    return t("admin.audit.changes.pair", {
      name: change.student,
      from: markLabel(t, change.from),
      to: markLabel(t, change.to),
    });
  const name = isField(change.field) ? t(`admin.audit.fields.${change.field}`) : change.field;
  return t("admin.audit.changes.pair", {
    name,
    from: fieldValue(t, change.field, change.from, date),
    to: fieldValue(t, change.field, change.to, date),
  });
}
