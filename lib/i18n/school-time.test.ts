import { describe, expect, it } from "vitest";
import { DEFAULT_FORMATS, type CalendarOrder } from "./locales";
import { schoolTime, separatorOf } from "./school-time";

const FSI = "\u2068";
const PDI = "\u2069";
// 21:30 UTC on 1 March is 00:30 on 2 March in Riyadh (UTC+3).
const PLAN_SYNCED_AT = "2026-03-01T21:30:00.000Z";

describe("school time", () => {
  it("writes English Hijri months in full", () => {
    for (const day of ["2026-11-26", "2026-04-01", "2026-12-20"])
      expect(schoolTime("en", "Asia/Riyadh").date(day, { hijri: true })).not.toMatch(/[A-Z][a-z]{1,4}\./);
    expect(schoolTime("en", "Asia/Riyadh").date("2026-11-26", { hijri: true })).toContain("Jumada II");
  });

  it("writes an instant given in UTC in the school's zone", () => {
    const riyadh = schoolTime("en", "Asia/Riyadh");
    expect(riyadh.date(PLAN_SYNCED_AT, { time: true })).toBe("2 Mar 2026, 00:30");
    expect(riyadh.time(PLAN_SYNCED_AT)).toBe("00:30");
    expect(riyadh.date(new Date(PLAN_SYNCED_AT))).toBe("2 Mar 2026");
    expect(schoolTime("ar", "Asia/Riyadh").time(PLAN_SYNCED_AT)).toBe(`${FSI}12:30 ص${PDI}`);
    expect(schoolTime("ar", "Asia/Riyadh", { ...DEFAULT_FORMATS, numerals: "native" }).time(PLAN_SYNCED_AT)).toBe(
      `${FSI}١٢:٣٠ ص${PDI}`,
    );
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
    expect(schoolTime("en", "Asia/Riyadh").date(PLAN_SYNCED_AT, { hijri: true })).toBe(
      "2 Mar 2026 · 13 Ramadan 1447 AH",
    );
    expect(schoolTime("ar", "Asia/Riyadh", { ...DEFAULT_FORMATS, numerals: "native" }).dateParts("2026-11-22")).toEqual(
      { main: `${FSI}٢٢‏/١١‏/٢٠٢٦${PDI}`, beside: `${FSI}١٢ جمادى الآخرة ١٤٤٨ هـ${PDI}` },
    );
    expect(schoolTime("ur", "Asia/Karachi", { ...DEFAULT_FORMATS, numerals: "native" }).date("2026-11-22")).toMatch(
      /۲۰۲۶/,
    );
  });

  it("puts the calendars in the school's order, or shows the Gregorian date alone", () => {
    const order = (calendars: CalendarOrder) => schoolTime("en", "Asia/Riyadh", { numerals: "western", calendars });
    expect(order("hijri-first").date("2026-11-22", { hijri: true })).toMatch(/^\d+ Jumada II 1448 AH · 22 Nov 2026$/);
    expect(order("hijri-first").dateParts("2026-11-22")).toEqual({
      main: expect.stringContaining("1448 AH"),
      beside: "22 Nov 2026",
    });
    expect(order("gregorian-only").date("2026-11-22", { hijri: true })).toBe("22 Nov 2026");
    expect(order("gregorian-only").dateParts("2026-11-22")).toEqual({ main: "22 Nov 2026", beside: null });
    expect(order("gregorian-first").dateParts("2026-11-22")).toEqual({
      main: "22 Nov 2026",
      beside: expect.stringContaining("1448 AH"),
    });
  });

  it("never puts a middle dot between Arabic dates, and isolates each one", () => {
    const text = schoolTime("ar", "Asia/Riyadh").date("2026-11-22", { hijri: true });
    expect(text).not.toContain("·");
    expect(text).toMatch(new RegExp(`^${FSI}[^${FSI}${PDI}]+${PDI}، ${FSI}[^${FSI}${PDI}]+هـ${PDI}$`));
    expect(separatorOf("ar")).toBe("، ");
  });
});
