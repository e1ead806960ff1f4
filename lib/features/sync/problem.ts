import "server-only";
import type { SyncProblem } from "@/lib/db/sync-state";
import { failureOf } from "@/lib/v1";

/** The connection's key now answers for another school than the one its mirror holds. */
// Recognised by name, like the v1 failures: a scheduler and a page may hold different copies of this module.
const TENANT_MISMATCH = "TenantMismatchError";

export class TenantMismatchError extends Error {
  override name = TENANT_MISMATCH;
  constructor(
    readonly storedTenantId: string,
    readonly currentTenantId: string,
  ) {
    super("The school connection's key now belongs to another school than the synced plans; refusing to mix their records");
  }
}

/** Refuses a key that now answers for another school than the one the connection's synced records belong to. */
export function checkTenant(storedTenantId: string | null | undefined, currentTenantId: string): void {
  if (storedTenantId && storedTenantId !== currentTenantId) throw new TenantMismatchError(storedTenantId, currentTenantId);
}

/** Refusals that retrying cannot fix (`denied`) versus interruptions a later run resumes from (`failed`). */
export function problemOf(error: unknown): SyncProblem {
  const at = new Date().toISOString();
  if (error instanceof Error && error.name === TENANT_MISMATCH) return { code: "tenant_mismatch", kind: "denied", message: error.message, at };
  const failure = failureOf(error);
  const message = error instanceof Error ? error.message : failure?.code ?? "";
  if (failure?.kind === "insufficient_scope") return { code: failure.code, kind: "denied", message, requiredScope: failure.requiredScope, at };
  if (failure?.kind === "feature_unavailable") return { code: failure.code, kind: "denied", message, feature: failure.feature, at };
  // 401 and every 403: the key or the school refuses; retrying soon cannot help.
  if (failure && (failure.status === 401 || failure.status === 403)) return { code: failure.code, kind: "denied", message, at };
  if (failure) return { code: failure.code, kind: "failed", message, at };
  const name = error instanceof Error ? error.name : "Error";
  return { code: name === "AbortError" ? "aborted" : "interrupted", kind: "failed", message: error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300), at };
}
