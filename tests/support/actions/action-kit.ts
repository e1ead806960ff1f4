import { vi } from "vitest";
import type { Subject } from "@/lib/authz/policy";

/**
 * What a test of server actions needs, imported before it imports the actions. Importing it
 * replaces what an action's guard reaches besides the school: the signed-in person is
 * `signedIn.actor` (tests/support/auth/signed-in), the authorization subject `guard.subject`; the
 * audit entries written land in `guard.audits`, and next/cache is a no-op. `formOf` posts a form.
 */
export { formOf } from "./next-stand-ins";
export { signedIn, someone } from "@/tests/support/auth/signed-in";

export type RecordedAudit = { action: string; result: string; targetId?: string };
export const guard: { subject: Subject | null; audits: RecordedAudit[] } = { subject: null, audits: [] };

vi.mock("@/lib/auth/session", async () => (await import("@/tests/support/auth/signed-in")).session);
vi.mock("@/lib/authz/subject", () => ({ subjectOf: async () => guard.subject }));
vi.mock("@/lib/audit", () => ({
  recordAudit: async (_: unknown, entry: RecordedAudit) => void guard.audits.push(entry),
}));
vi.mock("next/cache", async () => (await import("./next-stand-ins")).nextCache);
