import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldChanges, mergeChangeDetails, withoutUnchanged } from "./changes";

describe("mergeChangeDetails", () => {
  it("keeps each student's first before and latest after, and drops a student tapped back", () => {
    const first = { marks: { s1: [null, "present"], s2: ["absent", "late"] } };
    const second = { marks: { s1: ["present", "absent"], s2: ["late", "absent"], s3: [null, "excused"] } };
    expect(mergeChangeDetails(first, second)).toEqual({
      marks: { s1: [null, "absent"], s3: [null, "excused"] },
      saves: 2,
    });
  });

  it("a sitting of taps reads as one change from the state before the first tap to the state after the last", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ student: fc.constantFrom("a", "b", "c"), to: fc.constantFrom("present", "absent", "late") }),
          { minLength: 1, maxLength: 30 },
        ),
        (taps) => {
          const state: Record<string, string | null> = { a: null, b: "absent", c: "present" };
          const start = { ...state };
          let details: Record<string, unknown> | null = null;
          for (const tap of taps) {
            const save = { marks: { [tap.student]: [state[tap.student], tap.to] } };
            state[tap.student] = tap.to;
            details = details ? mergeChangeDetails(details, save) : withoutUnchanged(save)!;
          }
          const marks = (details!.marks ?? {}) as Record<string, [unknown, unknown]>;
          for (const student of ["a", "b", "c"]) {
            if (start[student] === state[student]) expect(marks[student]).toBeUndefined();
            else expect(marks[student]).toEqual([start[student], state[student]]);
          }
        },
      ),
    );
  });
});

describe("fieldChanges", () => {
  it("names only the fields the body changes", () => {
    expect(
      fieldChanges(
        { full_name: "Ammar", preferred_name: null, status: "active" },
        { full_name: "Ammar", preferred_name: "Ammoura", status: "on_leave" },
      ),
    ).toEqual({
      preferred_name: [null, "Ammoura"],
      status: ["active", "on_leave"],
    });
  });
});
