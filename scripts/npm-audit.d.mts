export type AuditOutcome =
  | { reachable: false; reason: string }
  | { reachable: true; failing: number; names: string[]; counts: Record<string, number> };
export function readAudit(result: { code: number | null; signal?: string | null; stdout: string; stderr: string }): AuditOutcome;
export function auditStep(cwd: string): Promise<{ status: "passed" | "failed" | "skipped"; note: string }>;
