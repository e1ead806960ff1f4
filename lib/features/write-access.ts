import "server-only";
import { latestApiWrite } from "@/lib/features/admin/connection-health";
import { writeEvidenceFrom, type WriteState } from "@/lib/features/admin/health";
import type { MessageKey, Translate } from "@/lib/i18n/core";

/** How long write controls stay read-only after the school refused writing itself; then a write is tried again. */
export const WRITE_BLOCK_MINUTES = 10;

const REASONS: Partial<Record<WriteState, MessageKey>> = {
  disabled: "errors.writeAccessDisabled",
  rolloutIneligible: "errors.rolloutIneligible",
  policyDenied: "errors.writePolicyDenied",
  missingScope: "errors.insufficientScopeUnknown",
};

/**
 * Why this connection's write controls are read-only, or null. The API has no read that tells
 * whether writes are accepted (spec rule 9), so the evidence is the school's latest answer to a
 * write through this connection (the audit log): a refusal of writing itself — write access not
 * effective, rollout, write policy, missing scope — makes forms read-only with that reason for
 * WRITE_BLOCK_MINUTES. A later accepted write (or the time passing) lifts it.
 */
export async function writeBlockOf(connectionId: string, t: Translate, format: (at: Date) => string, now: Date = new Date()): Promise<string | null> {
  const evidence = writeEvidenceFrom(await latestApiWrite(connectionId));
  const reason = REASONS[evidence.state];
  if (!reason || !evidence.at || now.getTime() - evidence.at.getTime() > WRITE_BLOCK_MINUTES * 60_000) return null;
  return t("errors.writesBlocked", { reason: t(reason), time: format(evidence.at), minutes: WRITE_BLOCK_MINUTES });
}
