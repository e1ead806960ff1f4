import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { MAX_PERIOD_DAYS, periodOf } from "./period";

const TERM = { starts_on: "2026-09-01", ends_on: "2027-01-20" };

describe("a report's period", () => {
  it("is this month unless asked otherwise", () => {
    expect(periodOf({}, "2026-11-24", TERM)).toEqual({ kind: "month", from: "2026-11-01", to: "2026-11-30" });
    expect(periodOf({}, "2028-02-03", TERM)).toEqual({ kind: "month", from: "2028-02-01", to: "2028-02-29" });
  });

  it("is last month, across a year end too, or the term's dates", () => {
    expect(periodOf({ period: "last-month" }, "2027-01-05", TERM)).toEqual({
      kind: "last-month",
      from: "2026-12-01",
      to: "2026-12-31",
    });
    expect(periodOf({ period: "term" }, "2026-11-24", TERM)).toEqual({
      kind: "term",
      from: "2026-09-01",
      to: "2027-01-20",
    });
    expect(periodOf({ period: "term" }, "2026-11-24", null).kind).toBe("month");
  });

  it("takes custom dates only when they are real, in order and not too far apart", () => {
    expect(periodOf({ from: "2026-10-03", to: "2026-11-02" }, "2026-11-24", TERM)).toEqual({
      kind: "custom",
      from: "2026-10-03",
      to: "2026-11-02",
    });
    for (const [from, to] of [
      ["2026-11-02", "2026-10-03"],
      ["2026-02-30", "2026-03-02"],
      ["2026-1-3", "2026-03-02"],
      ["2020-01-01", "2026-01-01"],
    ]) {
      expect(periodOf({ from, to }, "2026-11-24", TERM).kind, `${from} … ${to}`).toBe("month");
    }
  });

  it("always gives an ordered period no longer than the limit, whatever the query", () => {
    fc.assert(
      fc.property(
        fc.record({
          period: fc.option(fc.string(), { nil: undefined }),
          from: fc.option(fc.string(), { nil: undefined }),
          to: fc.option(fc.string(), { nil: undefined }),
        }),
        (query) => {
          const period = periodOf(query, "2026-11-24", TERM);
          expect(period.from <= period.to).toBe(true);
          expect(addDays(period.from, MAX_PERIOD_DAYS) >= period.to).toBe(true);
        },
      ),
    );
  });
});
