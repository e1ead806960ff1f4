import "server-only";
import { latestApiWrite } from "@/lib/features/admin/connection-health";
import { writeEvidenceFrom, type WriteState } from "@/lib/features/admin/health";
import type { MessageKey, Translate } from "@/lib/i18n/core";

const REASONS: Partial<Record<WriteState, MessageKey>> = {
  disabled: "errors.writeAccessDisabled",
  rolloutIneligible: "errors.rolloutIneligible",
  policyDenied: "errors.writePolicyDenied",
  missingScope: "errors.insufficientScopeUnknown",
};

/**
 * Why the school will refuse the register's writes, judged from the latest write staff made through
 * this connection (the API offers no way to ask without writing): the reason, or null when the
 * last write went through or nothing is known. The screen shows it as read-only but lets the
 * teacher try again, since the school may have changed its mind since.
 */
export async function writeBlockReason(connectionId: string, t: Translate): Promise<string | null> {
  const evidence = writeEvidenceFrom(await latestApiWrite(connectionId).catch(() => null));
  const key = REASONS[evidence.state];
  return key ? t(key) : null;
}
