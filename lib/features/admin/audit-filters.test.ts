import { describe, expect, it } from "vitest";
import { auditQuery, auditRange, dayStartIn, parseAuditFilters, parseCursor } from "./audit-filters";

describe("audit filters", () => {
  it("keeps known values and drops malformed or unknown ones", () => {
    expect(
      parseAuditFilters({
        person: "usr_1",
        action: "session.end",
        outcome: "denied",
        from: "2026-11-01",
        to: "2026-11-30",
      }),
    ).toEqual({
      person: "usr_1",
      action: "session.end",
      outcome: "denied",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(
      parseAuditFilters({
        person: "../x",
        action: "drop.table",
        outcome: "maybe",
        from: "2026-02-30",
        to: ["2026-01-01", "2026-01-02"],
      }),
    ).toEqual({});
  });

  it("round-trips through the query string, with a page cursor", () => {
    const cursor = { before: new Date("2026-11-22T08:15:00.000Z"), beforeId: "aud_1" };
    const query = auditQuery({ action: "user.create", outcome: "ok" }, cursor);
    expect(query).toBe("?action=user.create&outcome=ok&before=2026-11-22T08%3A15%3A00.000Z&beforeId=aud_1");
    const params = Object.fromEntries(new URLSearchParams(query));
    expect(parseAuditFilters(params)).toEqual({ action: "user.create", outcome: "ok" });
    expect(parseCursor(params)).toEqual(cursor);
    expect(auditQuery({})).toBe("");
  });

  it("reads days in the school's time zone, the last day included", () => {
    expect(dayStartIn("2026-11-22", "Asia/Riyadh").toISOString()).toBe("2026-11-21T21:00:00.000Z");
    expect(dayStartIn("2026-03-29", "Europe/London").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(dayStartIn("2026-07-01", "Europe/London").toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(dayStartIn("2026-11-22", null).toISOString()).toBe("2026-11-22T00:00:00.000Z");
    const range = auditRange({ from: "2026-11-01", to: "2026-11-30" }, "Asia/Riyadh");
    expect(range.from?.toISOString()).toBe("2026-10-31T21:00:00.000Z");
    expect(range.until?.toISOString()).toBe("2026-11-30T21:00:00.000Z");
  });
});
