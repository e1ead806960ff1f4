import { beforeEach, describe, expect, it, vi } from "vitest";

const latest = vi.hoisted(() => ({
  row: null as null | {
    at: Date;
    action: string;
    result: "ok" | "denied" | "failed";
    code: string | null;
    status?: number | null;
  },
}));
vi.mock("@/lib/features/admin/connection-health", () => ({ latestApiWrite: async () => latest.row }));

const { WRITE_BLOCK_MINUTES, writeBlockOf } = await import("./write-access");
const { translator } = await import("@/lib/i18n/core");

const t = translator("en");
const at = new Date("2026-11-22T08:00:00Z");
const minutesLater = (n: number) => new Date(at.getTime() + n * 60_000);
const block = (now: Date) => writeBlockOf("alnoor", t, (d) => d.toISOString(), now);

describe("read-only write controls", () => {
  beforeEach(() => {
    latest.row = null;
  });

  it("are writable until the school has answered a write", async () => {
    expect(await block(at)).toBeNull();
  });

  it("turn read-only with the school's reason after it refused writing itself, for a while", async () => {
    latest.row = { at, action: "student.create", result: "denied", code: "write_access_disabled" };
    expect(await block(minutesLater(1))).toContain(t("errors.writeAccessDisabled"));
    expect(await block(minutesLater(WRITE_BLOCK_MINUTES + 1))).toBeNull();
    latest.row = { at, action: "session.create", result: "denied", code: "write_policy_denied" };
    expect(await block(minutesLater(1))).toContain(t("errors.writePolicyDenied"));
  });

  it("stay writable after an accepted write or a refusal of the input only", async () => {
    latest.row = { at, action: "student.update", result: "ok", code: null };
    expect(await block(minutesLater(1))).toBeNull();
    latest.row = { at, action: "student.create", result: "failed", code: "validation_failed" };
    expect(await block(minutesLater(1))).toBeNull();
  });
});
