/** The audit log page's query: one school's entries only, newest first, every entry exactly once across pages. */
import { beforeAll, describe, expect, it } from "vitest";
import { dashboardDb } from "@/lib/db";
import { auditLog } from "@/lib/db/schema";
import {
  AUDIT_PAGE_SIZE,
  auditExport,
  auditPage,
  auditReason,
  cursorHref,
  parseCursor,
  type AuditCursor,
} from "@/lib/features/admin/audit";
import { newId } from "@/lib/ids";
import { connectEmbeddedSchool, demoActors } from "./harness";

const alnoorIds: string[] = [];

beforeAll(async () => {
  connectEmbeddedSchool();
  const { admin, arqamAdmin } = await demoActors();
  const db = await dashboardDb();
  // Many entries share a millisecond, as a burst of writes would, and one tie straddles a page boundary.
  const base = Date.parse("2026-01-01T08:00:00.000Z");
  const rows = Array.from({ length: AUDIT_PAGE_SIZE * 2 + 7 }, (_, i) => ({
    id: newId("aud"),
    connectionId: "alnoor",
    userId: admin.id,
    userEmail: admin.email,
    at: new Date(base + Math.floor(i / 4)),
    action: "session.end",
    result: "ok" as const,
  }));
  await db.insert(auditLog).values(rows);
  await db.insert(auditLog).values({
    id: newId("aud"),
    connectionId: "arqam",
    userId: arqamAdmin.id,
    userEmail: arqamAdmin.email,
    at: new Date(base + 3),
    action: "session.end",
    result: "denied",
  });
  // A refusal of the school (its code kept in the details), a day later.
  await db.insert(auditLog).values({
    id: newId("aud"),
    connectionId: "alnoor",
    userId: admin.id,
    userEmail: admin.email,
    at: new Date(base + 86_400_000),
    action: "student.create",
    result: "denied",
    targetType: "student",
    targetId: "stu_audit_1",
    details: { code: "write_access_disabled", status: 403, label: "=Ahmad" },
  });
  const stored = await db.select({ id: auditLog.id, connectionId: auditLog.connectionId }).from(auditLog);
  alnoorIds.push(...stored.filter((r) => r.connectionId === "alnoor").map((r) => r.id));
});

describe("audit log pages", () => {
  it("walks every entry of the school once, newest first, and none of another school", async () => {
    const seen: { id: string; at: Date }[] = [];
    let cursor: AuditCursor | undefined;
    let pages = 0;
    do {
      const page = await auditPage("alnoor", cursor);
      seen.push(...page.rows);
      cursor = page.next ?? undefined;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBe(Math.ceil(alnoorIds.length / AUDIT_PAGE_SIZE));
    expect(seen.map((r) => r.id).sort()).toEqual([...alnoorIds].sort());
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.at.getTime()).toBeLessThanOrEqual(seen[i - 1]!.at.getTime());
  });

  it("names the person who acted, and a refusal's reason by the failure model", async () => {
    const { rows } = await auditPage("alnoor");
    expect(rows[0]).toMatchObject({
      who: "Huda Al-Admin",
      email: "admin@alnoor.demo",
      action: "student.create",
      result: "denied",
      code: "write_access_disabled",
      reason: "errors.writeAccessDisabled",
      targetLabel: "=Ahmad",
    });
    expect(rows[1]).toMatchObject({ who: "Huda Al-Admin", action: "session.end", result: "ok", reason: null });
  });

  it("filters by action, outcome, person and date range, only ever within the school", async () => {
    const { admin, arqamAdmin } = await demoActors();
    const denied = await auditPage("alnoor", undefined, { filters: { outcome: "denied" } });
    expect(denied.rows.map((r) => r.action)).toEqual(["student.create"]);
    expect(
      (await auditPage("alnoor", undefined, { filters: { action: "session.end" } })).rows.every(
        (r) => r.action === "session.end",
      ),
    ).toBe(true);
    expect((await auditPage("alnoor", undefined, { filters: { person: arqamAdmin.id } })).rows).toEqual([]);
    expect((await auditPage("alnoor", undefined, { filters: { person: admin.id } })).rows.length).toBe(AUDIT_PAGE_SIZE);
    const dayTwo = await auditPage("alnoor", undefined, {
      range: { from: new Date("2026-01-02T00:00:00Z"), until: new Date("2026-01-03T00:00:00Z") },
    });
    expect(dayTwo.rows.map((r) => r.action)).toEqual(["student.create"]);
    const all = await auditExport("alnoor", { filters: { action: "session.end" } });
    expect(all.rows.length).toBe(alnoorIds.length - 1);
    expect(all.truncated).toBe(false);
    expect((await auditExport("arqam", {})).rows.every((r) => r.who !== "Huda Al-Admin")).toBe(true);
  });

  it("reads reasons: the school's code, the dashboard's own refusal, a failure", () => {
    expect(auditReason("ok", null)).toBeNull();
    expect(auditReason("denied", null)).toBe("errors.forbidden");
    expect(auditReason("failed", { error: "unexpected" })).toBe("errors.unexpected");
    expect(auditReason("failed", { code: "validation_failed", status: 422 })).toBe("errors.invalidInput");
    expect(auditReason("denied", { code: "some_new_403", status: 403 })).toBe("errors.refusedBySchool");
  });

  it("reads a cursor from the address, ignoring a malformed one", () => {
    const at = new Date("2026-01-01T08:00:00.012Z");
    expect(parseCursor({ before: at.toISOString(), beforeId: "aud_1" })).toEqual({ before: at, beforeId: "aud_1" });
    expect(parseCursor({ before: at.toISOString(), beforeId: "x y" })).toEqual({ before: at });
    expect(parseCursor({ before: "yesterday-ish" })).toBeUndefined();
    expect(parseCursor({ before: ["a", "b"] })).toBeUndefined();
    expect(
      parseCursor(Object.fromEntries(new URL(`http://x${cursorHref({ before: at, beforeId: "aud_1" })}`).searchParams)),
    ).toEqual({ before: at, beforeId: "aud_1" });
  });
});
