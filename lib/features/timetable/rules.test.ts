import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, timeOfDayIn, zonedDateTimeToUtc } from "@/lib/dates";
import { meetsOn, normalised, suggestTimetable, timetableProblem, weekdayOf } from "./rules";

const ZONE = "Asia/Riyadh";
const at = (date: string, time: string) => ({ date, starts_at: zonedDateTimeToUtc(date, time, ZONE) });

describe("weekdayOf", () => {
  it("numbers weekdays the ISO way", () => {
    expect(weekdayOf("2026-11-23")).toBe(1); // a Monday
    expect(weekdayOf("2026-11-29")).toBe(7); // a Sunday
  });
});

describe("timetableProblem", () => {
  it("asks for a weekday, valid times and an end after the start", () => {
    expect(timetableProblem({ weekdays: [], startsAt: "16:00", endsAt: null })?.field).toBe("weekdays");
    expect(timetableProblem({ weekdays: [1], startsAt: "25:00", endsAt: null })?.field).toBe("startsAt");
    expect(timetableProblem({ weekdays: [1], startsAt: "16:00", endsAt: "15:59" })).toEqual({
      field: "endsAt",
      reason: "endBeforeStart",
    });
    expect(timetableProblem({ weekdays: [1, 3], startsAt: "16:00", endsAt: "17:30" })).toBeNull();
  });

  it("stores weekdays in order without repeats", () => {
    expect(normalised({ weekdays: [5, 1, 5, 3], startsAt: "16:00", endsAt: null }).weekdays).toEqual([1, 3, 5]);
  });
});

describe("suggestTimetable", () => {
  const today = "2026-11-27"; // a Friday

  it("takes the weekdays met at least twice in four weeks and their median start in the school's zone", () => {
    const sessions = [
      at("2026-11-02", "16:00"), // Monday
      at("2026-11-09", "16:10"),
      at("2026-11-16", "15:55"),
      at("2026-11-04", "16:05"), // Wednesday
      at("2026-11-11", "16:00"),
      at("2026-11-13", "09:00"), // a single Friday: not a weekday of the halqa
    ];
    expect(suggestTimetable(sessions, today, ZONE)).toEqual({ weekdays: [1, 3], startsAt: "16:00", endsAt: null });
  });

  it("ignores sessions older than four weeks, of today or in the future, and suggests nothing without a weekday met twice", () => {
    const sessions = [
      at("2026-10-26", "16:00"),
      at("2026-10-19", "16:00"),
      at("2026-11-27", "16:00"),
      at("2026-11-20", "16:00"),
      at("2026-11-30", "16:00"),
      at("2026-12-07", "16:00"),
    ];
    expect(suggestTimetable(sessions, today, ZONE)).toBeNull();
    expect(suggestTimetable([], today, ZONE)).toBeNull();
  });

  it("counts two sessions on one date as one meeting", () => {
    expect(suggestTimetable([at("2026-11-23", "08:00"), at("2026-11-23", "16:00")], today, ZONE)).toBeNull();
  });

  it("always suggests a start the halqa really had, on weekdays it met on, and a valid timetable", () => {
    const day = fc.integer({ min: 0, max: 40 });
    const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
    fc.assert(
      fc.property(fc.array(fc.tuple(day, minute), { maxLength: 40 }), (raw) => {
        const sessions = raw.map(([d, m]) =>
          at(addDays(today, -d), `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`),
        );
        const suggestion = suggestTimetable(sessions, today, ZONE);
        if (!suggestion) return;
        expect(timetableProblem(suggestion)).toBeNull();
        const recent = sessions.filter((s) => s.date >= addDays(today, -28) && s.date < today);
        expect(recent.some((s) => meetsOn(suggestion, s.date))).toBe(true);
        const starts = new Set(
          recent.filter((s) => meetsOn(suggestion, s.date)).map((s) => timeOfDayIn(ZONE, s.starts_at)),
        );
        expect(starts.has(suggestion.startsAt)).toBe(true);
        for (const weekday of suggestion.weekdays)
          expect(
            new Set(recent.filter((s) => weekdayOf(s.date) === weekday).map((s) => s.date)).size,
          ).toBeGreaterThanOrEqual(2);
      }),
    );
  });
});
