import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { FAILURE_BRAND } from "@/lib/v1/failures";

const state = vi.hoisted(() => ({
  actor: null as Actor | null,
  audits: [] as { action: string; result: string; details?: Record<string, unknown> }[],
}));

vi.mock("@/lib/auth/session", () => ({ currentActor: async () => state.actor }));
vi.mock("@/lib/authz/subject", () => ({
  subjectOf: async () => ({ role: "admin", sheikhIds: [], halqaIds: new Set(), studentLineageIds: [] }),
}));
vi.mock("@/lib/audit", () => ({
  recordAudit: async (_: unknown, entry: { action: string; result: string; details?: Record<string, unknown> }) =>
    void state.audits.push(entry),
}));
vi.mock("@/lib/connections", () => ({ clientFor: () => ({}) }));
vi.mock("@/lib/preferences/school-languages", async () => ({
  readerTranslator: async () => (await import("@/lib/i18n/core")).translator("en"),
}));

const { defineAction } = await import("./define-action");

const admin: Actor = {
  id: "u1",
  email: "a@example.org",
  name: "A",
  role: "admin",
  connectionId: "alnoor",
  locale: "en",
  sheikhIds: [],
  studentLineageIds: [],
};

beforeEach(() => {
  state.actor = admin;
  state.audits = [];
});

describe("defineAction: what authorize loaded reaches the handler through its context", () => {
  it("hands run and details what authorize returned, per call", async () => {
    const seen: unknown[] = [];
    const rename = defineAction({
      name: "thing.rename",
      input: z.object({ id: z.string(), name: z.string() }),
      roles: ["admin"],
      authorize: async (_ctx, input) => ({ id: input.id, name: `old ${input.id}` }),
      run: async (ctx, input) => {
        seen.push(ctx.loaded);
        return { id: ctx.loaded.id, name: input.name };
      },
      details: ({ loaded }, _input, data) => ({ changes: { name: [loaded.name, data.name] } }),
    });
    const [a, b] = await Promise.all([rename({ id: "1", name: "one" }), rename({ id: "2", name: "two" })]);
    expect(a).toEqual({ ok: true, data: { id: "1", name: "one" } });
    expect(b).toEqual({ ok: true, data: { id: "2", name: "two" } });
    expect(seen).toEqual([
      { id: "1", name: "old 1" },
      { id: "2", name: "old 2" },
    ]);
    expect(state.audits.map((entry) => entry.details)).toEqual([
      { changes: { name: ["old 1", "one"] } },
      { changes: { name: ["old 2", "two"] } },
    ]);
  });

  it("denies on false without running, and passes true when authorize loads nothing", async () => {
    const run = vi.fn(async (ctx: { loaded: unknown }) => ctx.loaded);
    const denied = defineAction({
      name: "thing.denied",
      input: z.object({}),
      roles: ["admin"],
      authorize: () => false,
      run,
    });
    expect(await denied({})).toMatchObject({ ok: false, code: "not_allowed" });
    expect(run).not.toHaveBeenCalled();
    expect(state.audits).toEqual([expect.objectContaining({ result: "denied" })]);
    const allowed = defineAction({
      name: "thing.allowed",
      input: z.object({}),
      roles: ["admin"],
      authorize: () => true,
      run,
    });
    expect(await allowed({})).toEqual({ ok: true, data: true });
  });

  it("never runs authorize for a role the action does not allow", async () => {
    state.actor = { ...admin, role: "teacher" };
    const authorize = vi.fn(async () => ({ loaded: true }));
    const action = defineAction({
      name: "thing.admin",
      input: z.object({}),
      roles: ["admin"],
      authorize,
      run: async () => 1,
    });
    expect(await action({})).toMatchObject({ ok: false, code: "not_allowed" });
    expect(authorize).not.toHaveBeenCalled();
  });
});

describe("defineAction: field errors travel as catalogue keys", () => {
  it("keeps a schema's own key and replaces zod's English with the generic key", async () => {
    const action = defineAction({
      name: "thing.input",
      input: z.object({ email: z.string().email({ error: "admin.validation.email" }), age: z.number() }),
      roles: ["admin"],
      authorize: () => true,
      run: async () => 1,
    });
    expect(await action({ email: "nope", age: "x" })).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { email: "admin.validation.email", age: "errors.invalidField" },
    });
  });

  it("never passes on the school's text for a field", async () => {
    const action = defineAction({
      name: "thing.school",
      input: z.object({}),
      roles: ["admin"],
      authorize: () => true,
      run: async () => {
        // A school API failure as any copy of the v1 client throws it: branded, with a code (lib/v1/failures.ts).
        throw Object.assign(new Error("invalid"), {
          [FAILURE_BRAND]: true,
          code: "validation_failed",
          status: 422,
          details: { fields: { full_name: "must not be blank <b>", "rows.0": "errors.markInvalid" } },
        });
      },
    });
    const result = await action({});
    expect(result).toMatchObject({
      ok: false,
      code: "validation_failed",
      fieldErrors: { full_name: "errors.invalidField", "rows.0": "errors.markInvalid" },
    });
    expect(JSON.stringify(result)).not.toContain("must not be blank");
  });
});
