import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampToRange, countsByType, inRange, mistakeProblem, stepAyah, suggestedRating } from "./mistakes";

const TYPES = ["memorisation", "hesitation", "tajweed", "stop"];
// Surahs 1..4 with their real ayah counts: enough to cross surah boundaries.
const SURAHS = [{ ayah_count: 7 }, { ayah_count: 286 }, { ayah_count: 200 }, { ayah_count: 176 }];
const SCALE = [1, 2, 3, 4, 5];

describe("suggestedRating", () => {
  it("follows the documented default thresholds on a scale of five", () => {
    expect([0, 1, 2, 3, 4, 5, 7, 8, 40].map((n) => suggestedRating(n, SCALE))).toEqual([5, 4, 4, 3, 3, 2, 2, 1, 1]);
  });

  it("never suggests a better rating for more mistakes, and always one of the scale", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: -5, max: 50 }), { minLength: 2, maxLength: 20 })
          .map((xs) => [...new Set(xs)].sort((a, b) => a - b)),
        fc.array(fc.nat(30), { maxLength: 6 }).map((xs) => xs.sort((a, b) => a - b)),
        fc.nat(999),
        fc.nat(999),
        (scale, thresholds, a, b) => {
          const [few, many] = a <= b ? [a, b] : [b, a];
          const x = suggestedRating(few, scale, thresholds)!;
          const y = suggestedRating(many, scale, thresholds)!;
          expect(scale).toContain(x);
          expect(y).toBeLessThanOrEqual(x);
        },
      ),
    );
  });

  it("suggests nothing without a scale", () => {
    expect(suggestedRating(0, [])).toBeNull();
  });
});

describe("mistakeProblem", () => {
  const range = { start: { surah: 1, ayah: 5 }, end: { surah: 2, ayah: 3 } };
  it("accepts typed, placed and unplaced taps inside the range", () => {
    const taps = [
      { type: "tajweed", at: { surah: 1, ayah: 7 } },
      { type: "stop", at: { surah: 2, ayah: 1 } },
      { type: "hesitation", at: null },
    ];
    expect(mistakeProblem({ ...range, mistakes: 3, taps }, TYPES)).toBeNull();
    expect(mistakeProblem({ ...range, mistakes: null, taps: [] }, TYPES)).toBeNull();
  });

  it("refuses a tap outside the range, an unknown type, a wrong total, negative and more than 999", () => {
    expect(
      mistakeProblem({ ...range, mistakes: 1, taps: [{ type: "tajweed", at: { surah: 1, ayah: 4 } }] }, TYPES),
    ).toEqual({ kind: "outside", index: 0, at: { surah: 1, ayah: 4 } });
    expect(
      mistakeProblem({ ...range, mistakes: 1, taps: [{ type: "tajweed", at: { surah: 2, ayah: 4 } }] }, TYPES),
    ).toMatchObject({ kind: "outside" });
    expect(mistakeProblem({ ...range, mistakes: 1, taps: [{ type: "cough", at: null }] }, TYPES)).toEqual({
      kind: "type",
      index: 0,
      type: "cough",
    });
    expect(mistakeProblem({ ...range, mistakes: 2, taps: [{ type: "stop", at: null }] }, TYPES)).toEqual({
      kind: "total",
      taps: 1,
    });
    expect(mistakeProblem({ ...range, mistakes: -1, taps: [] }, TYPES)).toEqual({ kind: "negative" });
    expect(mistakeProblem({ ...range, mistakes: 1000, taps: [] }, TYPES)).toEqual({ kind: "tooMany", max: 999 });
    const many = Array.from({ length: 1000 }, () => ({ type: "stop", at: null }));
    expect(mistakeProblem({ ...range, mistakes: 1000, taps: many }, TYPES)).toMatchObject({ kind: "tooMany" });
  });
});

describe("the ayah stepper", () => {
  const point = fc.record({ surah: fc.integer({ min: 1, max: 4 }), ayah: fc.integer({ min: 1, max: 176 }) });
  const ordered = fc
    .tuple(point, point)
    .map(([a, b]) => (inRange(a, { start: b, end: a }) ? { start: b, end: a } : { start: a, end: b }));

  it("walks the whole range in mushaf order and never leaves it", () => {
    fc.assert(
      fc.property(ordered, fc.array(fc.constantFrom<1 | -1>(1, -1), { maxLength: 40 }), (range, steps) => {
        let at = range.start;
        for (const step of steps) {
          at = stepAyah(SURAHS, range, at, step);
          expect(inRange(at, range)).toBe(true);
        }
      }),
    );
  });

  it("crosses from a surah's last ayah to the next surah's first and back", () => {
    const range = { start: { surah: 1, ayah: 6 }, end: { surah: 2, ayah: 2 } };
    const next = stepAyah(SURAHS, range, { surah: 1, ayah: 7 }, 1);
    expect(next).toEqual({ surah: 2, ayah: 1 });
    expect(stepAyah(SURAHS, range, next, -1)).toEqual({ surah: 1, ayah: 7 });
    expect(stepAyah(SURAHS, range, { surah: 2, ayah: 2 }, 1)).toEqual({ surah: 2, ayah: 2 });
  });

  it("moves a place the range no longer holds to its start", () => {
    expect(clampToRange({ surah: 3, ayah: 1 }, { start: { surah: 1, ayah: 2 }, end: { surah: 1, ayah: 4 } })).toEqual({
      surah: 1,
      ayah: 2,
    });
  });
});

it("counts taps per type, in the school's order", () => {
  expect([
    ...countsByType(
      [
        { type: "stop", at: null },
        { type: "stop", at: null },
        { type: "tajweed", at: null },
      ],
      TYPES,
    ),
  ]).toEqual([
    ["memorisation", 0],
    ["hesitation", 0],
    ["tajweed", 1],
    ["stop", 2],
  ]);
});
