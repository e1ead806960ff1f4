import { AUDIT_ACTIONS, AUDIT_TARGETS, isAuditAction, isAuditTarget } from "@/lib/features/admin/audit-actions";
import type { Translate } from "@/lib/i18n/core";

/** An action in the reader's words; one the catalogue does not know, as recorded. */
export function auditActionLabel(t: Translate, action: string): string {
  return isAuditAction(action) ? t(`admin.audit.actions.${AUDIT_ACTIONS[action]}`) : action;
}

/** A kind of record in the reader's words; one the catalogue does not know, as recorded. */
export function auditTargetLabel(t: Translate, type: string): string {
  return isAuditTarget(type) ? t(`admin.audit.targets.${AUDIT_TARGETS[type]}`) : type;
}
