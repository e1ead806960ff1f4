import { describe, expect, it } from "vitest";
import { ayahIndex, trackProgress } from "./progress";

const track = (next: { surah: number; ayah: number } | null, completed_at: string | null = null) => ({
  next_position: next,
  completed_at,
});

describe("plan progress", () => {
  it("numbers ayahs in mushaf order", () => {
    expect(ayahIndex({ surah: 1, ayah: 1 })).toBe(1);
    expect(ayahIndex({ surah: 2, ayah: 1 })).toBe(8);
    expect(ayahIndex({ surah: 114, ayah: 6 })).toBe(6236);
  });

  it("measures an ascending plan from its start to its destination", () => {
    const plan = {
      direction: "ascending" as const,
      start_position: { surah: 1, ayah: 1 },
      destination_position: { surah: 2, ayah: 1 },
    };
    expect(trackProgress(plan, track(null))).toBe(0);
    expect(trackProgress(plan, track({ surah: 1, ayah: 1 }))).toBe(0);
    expect(trackProgress(plan, track({ surah: 1, ayah: 4 }))).toBeCloseTo(3 / 7);
    expect(trackProgress(plan, track({ surah: 3, ayah: 1 }))).toBe(1);
    expect(trackProgress(plan, track({ surah: 1, ayah: 2 }, "2026-01-01T00:00:00Z"))).toBe(1);
  });

  it("walks a descending plan backwards", () => {
    const plan = {
      direction: "descending" as const,
      start_position: { surah: 114, ayah: 6 },
      destination_position: { surah: 112, ayah: 1 },
    };
    expect(trackProgress(plan, track({ surah: 114, ayah: 6 }))).toBe(0);
    expect(trackProgress(plan, track({ surah: 113, ayah: 1 }))).toBeGreaterThan(0.5);
    expect(trackProgress(plan, track({ surah: 112, ayah: 1 }))).toBe(1);
  });
});
