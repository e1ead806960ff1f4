import "server-only";
import { latestApiWrite } from "@/lib/features/admin/connection-health";
import type { Translate } from "@/lib/i18n/core";
import { FAILURE_KINDS, failureKindOf } from "@/lib/v1";

/** How long write controls stay read-only after the school refused writing itself; then a write is tried again. */
export const WRITE_BLOCK_MINUTES = 10;

/**
 * Why this connection's write controls are read-only, or null. The API has no read that tells
 * whether writes are accepted (spec rule 9), so the evidence is the school's latest answer to a
 * write through this connection (the audit log): a refusal that blocks every write (FAILURE_KINDS:
 * write access not effective, rollout, write policy, missing scope, suspension…) makes forms
 * read-only with that reason for WRITE_BLOCK_MINUTES. A later accepted write (or the time passing) lifts it.
 */
export async function writeBlockOf(
  connectionId: string,
  t: Translate,
  format: (at: Date) => string,
  now: Date = new Date(),
): Promise<string | null> {
  const latest = await latestApiWrite(connectionId);
  if (!latest || latest.result === "ok" || !latest.code) return null;
  const kind = FAILURE_KINDS[failureKindOf(latest.code, latest.status ?? null)];
  if (!kind.blocksWrites || now.getTime() - latest.at.getTime() > WRITE_BLOCK_MINUTES * 60_000) return null;
  return t("errors.writesBlocked", { reason: t(kind.message), time: format(latest.at), minutes: WRITE_BLOCK_MINUTES });
}
