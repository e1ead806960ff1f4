import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registerState, type DaySession } from "./register-state";

const ZONE = "Asia/Riyadh"; // UTC+3, no daylight saving
const timetable = { weekdays: [5 as const], startsAt: "16:00" }; // Fridays at 16:00
const FRIDAY = "2026-11-27";
const at = (hhmm: string) => new Date(`${FRIDAY}T${hhmm}:00+03:00`);
const session = (marked: number, id = "s1"): DaySession => ({
  id,
  status: "open",
  starts_at: `${FRIDAY}T13:00:00.000Z`,
  sheikh_id: "sh1",
  counts: { present: marked, absent: 0, late: 0, excused: 0, marked },
});

describe("registerState", () => {
  it("is not meeting on another weekday, unless a session was held", () => {
    expect(
      registerState({ timetable, date: "2026-11-26", timeZone: ZONE, now: at("18:00"), sessions: [], expected: 10 })
        .kind,
    ).toBe("not_meeting");
    expect(
      registerState({
        timetable,
        date: "2026-11-26",
        timeZone: ZONE,
        now: at("18:00"),
        sessions: [session(10)],
        expected: 10,
      }).kind,
    ).toBe("taken");
  });

  it("without a session: not started until 20 minutes past the start, then missing", () => {
    const state = (now: string) =>
      registerState({ timetable, date: FRIDAY, timeZone: ZONE, now: at(now), sessions: [], expected: 12 });
    expect(state("15:00").kind).toBe("not_started");
    expect(state("16:19").kind).toBe("not_started");
    expect(state("16:20")).toEqual({
      kind: "missing",
      session: null,
      unmarked: 12,
      startsAt: "2026-11-27T13:00:00.000Z",
    });
  });

  it("with a session: in progress while students are unmarked, missing 20 minutes after the start, taken when all are marked", () => {
    const state = (now: string, marked: number) =>
      registerState({
        timetable,
        date: FRIDAY,
        timeZone: ZONE,
        now: at(now),
        sessions: [session(marked)],
        expected: 12,
      });
    expect(state("16:05", 4)).toMatchObject({ kind: "in_progress", unmarked: 8 });
    expect(state("16:25", 4)).toMatchObject({ kind: "missing", unmarked: 8 });
    expect(state("16:25", 12).kind).toBe("taken");
    expect(state("16:05", 0).kind).toBe("in_progress");
  });

  it("judges the day by its fullest session", () => {
    const state = registerState({
      timetable,
      date: FRIDAY,
      timeZone: ZONE,
      now: at("17:00"),
      sessions: [session(0, "empty"), session(12, "full")],
      expected: 12,
    });
    expect(state).toMatchObject({ kind: "taken", session: { id: "full" } });
  });

  it("is missing exactly when 20 minutes have passed and someone expected is unmarked or there is no session", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
        fc.integer({ min: 0, max: 30 }),
        (minute, marked, expected) => {
          const now = new Date(Date.parse(`${FRIDAY}T00:00:00+03:00`) + minute * 60_000);
          const state = registerState({
            timetable,
            date: FRIDAY,
            timeZone: ZONE,
            now,
            sessions: marked === null ? [] : [session(marked)],
            expected,
          });
          const due = minute >= 16 * 60 + 20;
          const complete = marked !== null && marked >= expected;
          expect(state.kind === "missing").toBe(due && !complete);
          if (complete) expect(state.kind).toBe("taken");
        },
      ),
    );
  });
});
