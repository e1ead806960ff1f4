import { describe, expect, it } from "vitest";
import { daysWithSeveralSessions } from "./attendance-times";

describe("daysWithSeveralSessions", () => {
  it("names only the days with two sessions or more", () => {
    const marks = [
      { date: "2026-11-22", startsAt: "2026-11-22T05:00:00.000Z" },
      { date: "2026-11-22", startsAt: "2026-11-22T14:00:00.000Z" },
      { date: "2026-11-21", startsAt: "2026-11-21T05:00:00.000Z" },
    ];
    expect(daysWithSeveralSessions(marks)).toEqual(new Set(["2026-11-22"]));
    expect(daysWithSeveralSessions([])).toEqual(new Set());
  });
});
