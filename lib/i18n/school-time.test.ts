import { describe, expect, it } from "vitest";
import { schoolTime, separatorOf } from "./school-time";

const FSI = "\u2068";
const PDI = "\u2069";
// 21:30 UTC on 1 March is 00:30 on 2 March in Riyadh (UTC+3).
const PLAN_SYNCED_AT = "2026-03-01T21:30:00.000Z";

describe("school time", () => {
  it("writes English Hijri months in full", () => {
    for (const day of ["2026-11-26", "2026-04-01", "2026-12-20"]) expect(schoolTime("en", "Asia/Riyadh").date(day, { hijri: true })).not.toMatch(/[A-Z][a-z]{1,4}\./);
    expect(schoolTime("en", "Asia/Riyadh").date("2026-11-26", { hijri: true })).toContain("Jumada II");
  });

  it("writes an instant given in UTC in the school's zone", () => {
    const riyadh = schoolTime("en", "Asia/Riyadh");
    expect(riyadh.date(PLAN_SYNCED_AT, { time: true })).toBe("2 Mar 2026, 00:30");
    expect(riyadh.time(PLAN_SYNCED_AT)).toBe("00:30");
    expect(riyadh.date(new Date(PLAN_SYNCED_AT))).toBe("2 Mar 2026");
    expect(schoolTime("ar", "Asia/Riyadh").time(PLAN_SYNCED_AT)).toBe(`${FSI}١٢:٣٠ ص${PDI}`);
  });

  it("keeps a school day on its day in every zone", () => {
    expect(schoolTime("en", "Pacific/Kiritimati").date("2026-11-22")).toBe("22 Nov 2026");
    expect(schoolTime("en", "Pacific/Pago_Pago").date("2026-11-22")).toBe("22 Nov 2026");
  });

  it("says UTC when the school's zone is unknown", () => {
    expect(schoolTime("en", null).time(PLAN_SYNCED_AT)).toBe("21:30 UTC");
    expect(schoolTime("en", null).date(PLAN_SYNCED_AT, { time: true })).toBe("1 Mar 2026, 21:30 UTC");
  });

  it("shows the Hijri date of the school's day beside the Gregorian one", () => {
    expect(schoolTime("en", "Asia/Riyadh").date("2026-11-22", { hijri: true })).toMatch(/^22 Nov 2026 · .*1448 AH$/);
    expect(schoolTime("en", "Asia/Riyadh").date(PLAN_SYNCED_AT, { hijri: true })).toBe("2 Mar 2026 · 13 Ramadan 1447 AH");
    expect(schoolTime("ar", "Asia/Riyadh").dateParts("2026-11-22")).toEqual({ gregorian: `${FSI}٢٢‏/١١‏/٢٠٢٦${PDI}`, hijri: `${FSI}١٢ جمادى الآخرة ١٤٤٨ هـ${PDI}` });
  });

  it("never puts a middle dot between Arabic dates, and isolates each one", () => {
    const text = schoolTime("ar", "Asia/Riyadh").date("2026-11-22", { hijri: true });
    expect(text).not.toContain("·");
    expect(text).toMatch(new RegExp(`^${FSI}[^${FSI}${PDI}]+${PDI}، ${FSI}[^${FSI}${PDI}]+هـ${PDI}$`));
    expect(separatorOf("ar")).toBe("، ");
  });
});
