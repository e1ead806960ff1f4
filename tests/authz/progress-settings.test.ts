/**
 * Issue 15: the school's "not heard in N days" — admins only, per connection, validated, audited.
 * The real server action against the dashboard store; only the signed-in person is stood in for.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/session", async () => (await import("@/tests/support/auth/signed-in")).session);

import { listAudit } from "@/lib/audit";
import { saveProgressSettingsAction } from "@/lib/features/progress/actions";
import { getProgressSettings } from "@/lib/features/progress/settings";
import { type Actor, connectEmbeddedSchool, demoActors, signedIn } from "./harness";

let actors: Awaited<ReturnType<typeof demoActors>>;

beforeAll(async () => {
  connectEmbeddedSchool();
  actors = await demoActors();
}, 120_000);

const save = (actor: Actor, notHeardDays: unknown) => {
  signedIn.actor = actor;
  return saveProgressSettingsAction({ notHeardDays });
};

describe("progress settings", () => {
  it("defaults to 7 days; an admin changes it for their own school only", async () => {
    expect(await getProgressSettings(actors.admin.connectionId)).toEqual({ notHeardDays: 7 });
    expect(await save(actors.admin, "10")).toMatchObject({ ok: true, data: { notHeardDays: 10 } });
    expect(await getProgressSettings(actors.admin.connectionId)).toEqual({ notHeardDays: 10 });
    expect(await getProgressSettings(actors.arqamAdmin.connectionId)).toEqual({ notHeardDays: 7 });
    const audit = await listAudit(actors.admin.connectionId, { limit: 5 });
    expect(audit.some((entry) => entry.action === "progress.settings" && entry.result === "ok")).toBe(true);
  });

  it("refuses teachers and parents, changing nothing", async () => {
    for (const actor of [actors.teacher, actors.parent])
      expect(await save(actor, 3)).toMatchObject({ ok: false, code: "not_allowed" });
    expect(await getProgressSettings(actors.admin.connectionId)).toEqual({ notHeardDays: 10 });
  });

  it("refuses a value that is not a whole number of days from 1 to 60, saying so on the field", async () => {
    for (const bad of ["0", "61", "2.5", "soon", ""]) {
      const result = await save(actors.admin, bad);
      expect(result, String(bad)).toMatchObject({
        ok: false,
        code: "invalid_input",
        fieldErrors: { notHeardDays: "glance.settings.invalid" },
      });
    }
    expect(await getProgressSettings(actors.admin.connectionId)).toEqual({ notHeardDays: 10 });
  });
});
