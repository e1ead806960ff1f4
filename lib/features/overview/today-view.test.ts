import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RegisterState } from "./register-state";
import { STATE_KINDS, STATE_ORDER, TODAY_SHOWN, todayView } from "./today-view";

type Row = { halqa: { name: string }; startsAt: string; state: { kind: RegisterState["kind"] } };

const row = fc.record({
  halqa: fc.record({ name: fc.string({ maxLength: 6 }) }),
  startsAt: fc.constantFrom("06:00", "10:30", "16:00", "20:15"),
  state: fc.record({ kind: fc.constantFrom(...STATE_KINDS) }),
});
const rows = fc.array(row, { maxLength: 80 });
const missing = (list: readonly Row[]) => list.filter((r) => r.state.kind === "missing");

describe("todayView", () => {
  it("lists the missing registers first, then in progress, not started, taken, not meeting", () => {
    const view = todayView(
      [
        { halqa: { name: "B" }, startsAt: "10:00", state: { kind: "taken" as const } },
        { halqa: { name: "A" }, startsAt: "16:00", state: { kind: "not_meeting" as const } },
        { halqa: { name: "C" }, startsAt: "16:00", state: { kind: "missing" as const } },
        { halqa: { name: "D" }, startsAt: "08:00", state: { kind: "in_progress" as const } },
        { halqa: { name: "E" }, startsAt: "06:00", state: { kind: "missing" as const } },
      ],
      false,
    );
    expect(view.rows.map((r) => r.halqa.name)).toEqual(["E", "C", "D", "B", "A"]);
    expect(view.hidden).toBe(0);
  });

  it("shows at most TODAY_SHOWN rows, in urgency order, and counts every row by state", () => {
    fc.assert(
      fc.property(rows, (list) => {
        const view = todayView(list, false);
        expect(view.rows.length).toBe(Math.min(list.length, TODAY_SHOWN));
        for (let i = 1; i < view.rows.length; i++)
          expect(STATE_ORDER[view.rows[i - 1]!.state.kind]).toBeLessThanOrEqual(STATE_ORDER[view.rows[i]!.state.kind]);
        for (const kind of STATE_KINDS)
          expect(view.counts[kind]).toBe(list.filter((r) => r.state.kind === kind).length);
      }),
    );
  });

  it("hides nothing it does not count: the hidden rows and hidden missing registers are what is left out", () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 1, max: 30 }), (list, shown) => {
        const view = todayView(list, false, shown);
        expect(view.rows.length + view.hidden).toBe(list.length);
        expect(missing(view.rows).length + view.hiddenMissing).toBe(missing(list).length);
        // A missing register is hidden only when every shown row is a missing one.
        if (view.hiddenMissing > 0) expect(missing(view.rows).length).toBe(view.rows.length);
      }),
    );
  });

  it("lists every row when all are asked for: each missing register is one click from the overview", () => {
    fc.assert(
      fc.property(rows, (list) => {
        const view = todayView(list, true);
        expect(view.rows.length).toBe(list.length);
        expect(view.hidden).toBe(0);
        expect(view.hiddenMissing).toBe(0);
        expect(missing(view.rows).length).toBe(missing(list).length);
      }),
    );
  });
});
