/** The audit log page's query: one school's entries only, newest first, every entry exactly once across pages. */
import { beforeAll, describe, expect, it } from "vitest";
import { dashboardDb } from "@/lib/db";
import { auditLog } from "@/lib/db/schema";
import { AUDIT_PAGE_SIZE, auditPage, cursorHref, parseCursor, type AuditCursor } from "@/lib/features/admin/audit";
import { newId } from "@/lib/school-api/ids";
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
  await db.insert(auditLog).values({ id: newId("aud"), connectionId: "arqam", userId: arqamAdmin.id, userEmail: arqamAdmin.email, at: new Date(base + 3), action: "session.end", result: "denied" });
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

  it("names the person who acted", async () => {
    const { rows } = await auditPage("alnoor");
    expect(rows[0]).toMatchObject({ who: "Huda Al-Admin", email: "admin@alnoor.demo", action: "session.end", result: "ok" });
  });

  it("reads a cursor from the address, ignoring a malformed one", () => {
    const at = new Date("2026-01-01T08:00:00.012Z");
    expect(parseCursor({ before: at.toISOString(), beforeId: "aud_1" })).toEqual({ before: at, beforeId: "aud_1" });
    expect(parseCursor({ before: at.toISOString(), beforeId: "x y" })).toEqual({ before: at });
    expect(parseCursor({ before: "yesterday-ish" })).toBeUndefined();
    expect(parseCursor({ before: ["a", "b"] })).toBeUndefined();
    expect(parseCursor(Object.fromEntries(new URL(`http://x${cursorHref({ before: at, beforeId: "aud_1" })}`).searchParams))).toEqual({ before: at, beforeId: "aud_1" });
  });
});
