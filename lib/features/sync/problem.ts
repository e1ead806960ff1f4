import "server-only";
import type { SyncProblem } from "@/lib/db/sync-state";
import { failureOf, tenantMismatch } from "@/lib/v1";

/** Refuses a key that now answers for another school than the one the connection's synced records belong to. */
export function checkTenant(storedTenantId: string | null | undefined, currentTenantId: string): void {
  if (storedTenantId && storedTenantId !== currentTenantId) throw tenantMismatch(storedTenantId, currentTenantId);
}

/**
 * Refusals that retrying cannot fix (`denied`: what FAILURE_KINDS says blocks the connection, or lacks a
 * scope or a feature) versus interruptions a later run resumes from (`failed`).
 */
export function problemOf(error: unknown): SyncProblem {
  const at = new Date().toISOString();
  const failure = failureOf(error);
  if (!failure) {
    const name = error instanceof Error ? error.name : "Error";
    return {
      code: name === "AbortError" ? "aborted" : "interrupted",
      kind: "failed",
      message: error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300),
      at,
    };
  }
  const problem = { code: failure.code, message: error instanceof Error ? error.message : failure.code, at };
  if (failure.lacks === "scope") return { ...problem, kind: "denied", requiredScope: failure.requiredScope };
  if (failure.lacks === "feature") return { ...problem, kind: "denied", feature: failure.feature };
  return { ...problem, kind: failure.blocksWrites ? "denied" : "failed" };
}
