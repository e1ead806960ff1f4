import { describe, expect, it } from "vitest";
import { addDays, dateIn, isCalendarDate, isTimeOfDay, timeOfDayIn, zonedDateTimeToUtc } from "./dates";

describe("calendar dates in the school's zone", () => {
  it("accepts real dates only", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-2-1")).toBe(false);
    expect(isCalendarDate(undefined)).toBe(false);
  });

  it("accepts HH:MM times", () => {
    expect(isTimeOfDay("00:00")).toBe(true);
    expect(isTimeOfDay("23:59")).toBe(true);
    expect(isTimeOfDay("24:00")).toBe(false);
    expect(isTimeOfDay("7:30")).toBe(false);
  });

  it("reads the date of an instant in a zone, not the machine's", () => {
    const lateUtc = new Date("2026-11-21T22:30:00Z");
    expect(dateIn("Asia/Riyadh", lateUtc)).toBe("2026-11-22");
    expect(dateIn("Europe/London", lateUtc)).toBe("2026-11-21");
    expect(dateIn("America/Los_Angeles", lateUtc)).toBe("2026-11-21");
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-11-22", -30)).toBe("2026-10-23");
  });

  it("turns a wall-clock time in a zone into the UTC instant and back", () => {
    expect(zonedDateTimeToUtc("2026-11-22", "16:00", "Asia/Riyadh")).toBe("2026-11-22T13:00:00.000Z");
    expect(zonedDateTimeToUtc("2026-07-01", "17:30", "Europe/London")).toBe("2026-07-01T16:30:00.000Z");
    expect(zonedDateTimeToUtc("2026-12-01", "17:30", "Europe/London")).toBe("2026-12-01T17:30:00.000Z");
    expect(timeOfDayIn("Asia/Riyadh", "2026-11-22T13:05:00.000Z")).toBe("16:05");
  });

  it("handles the days daylight saving changes", () => {
    // London springs forward at 01:00 UTC on 29 March 2026; 02:30 local does not exist, 03:30 is BST.
    expect(zonedDateTimeToUtc("2026-03-29", "03:30", "Europe/London")).toBe("2026-03-29T02:30:00.000Z");
    expect(zonedDateTimeToUtc("2026-03-29", "00:30", "Europe/London")).toBe("2026-03-29T00:30:00.000Z");
    for (const time of ["00:00", "09:15", "23:45"]) {
      const instant = zonedDateTimeToUtc("2026-10-25", time, "Europe/London");
      expect(timeOfDayIn("Europe/London", instant)).toBe(time);
    }
  });

  it("takes today in the school's zone and moves dates by days", () => {
    const lateEvening = new Date("2026-03-01T22:30:00.000Z");
    expect(dateIn("Asia/Riyadh", lateEvening)).toBe("2026-03-02");
    expect(dateIn("Europe/London", lateEvening)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -30)).toBe("2026-01-30");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });
});
